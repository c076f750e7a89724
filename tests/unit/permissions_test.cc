// Tests of runtime/permissions. Every expected state and message below was
// observed on Deno 2.9.6 (`deno run <flags> x.ts` with Deno.permissions.query
// and the ops named in the comments), with cwd /tmp/perm, stdin not a TTY.
#include "runtime/permissions/permissions.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <map>
#include <string>

namespace tp = toolchain::permissions;
using tp::Kind;
using tp::Permissions;
using tp::State;

namespace {

const char* kCwd = "/tmp/perm";

// `which` on the reference machine: /usr/bin comes first in PATH.
std::optional<std::string> fake_which(std::string_view name) {
  static const std::map<std::string, std::string, std::less<>> bins = {
      {"ls", "/usr/bin/ls"}, {"cat", "/usr/bin/cat"}, {"deno", "/usr/local/bin/deno"}};
  auto it = bins.find(name);
  if (it == bins.end()) return std::nullopt;
  return it->second;
}

Permissions perms(std::initializer_list<const char*> flags) {
  Permissions p;
  p.set_command_resolver(fake_which);
  for (const char* f : flags) {
    bool parsed = p.parse_flag(f, kCwd);
    EXPECT_TRUE(parsed) << f;
  }
  return p;
}

// What Deno.permissions.query prints: "granted", "granted partial", "prompt", "denied".
std::string q(const Permissions& p, Kind kind, std::optional<std::string_view> value = std::nullopt) {
  State s = p.query(kind, value);
  return std::string(tp::state_name(s)) + (tp::is_partial(s) ? " partial" : "");
}

std::string msg(const std::optional<tp::PermissionError>& e) { return e ? e->message : "OK"; }

std::string flag_error(std::initializer_list<const char*> flags) {
  Permissions p;
  p.set_command_resolver(fake_which);
  try {
    for (const char* f : flags) p.parse_flag(f, kCwd);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

std::string query_error(const Permissions& p, Kind kind, std::string_view value) {
  try {
    p.query(kind, value);
  } catch (const tp::DescriptorError& e) {
    return std::string(e.error_class()) + ": " + e.what();
  }
  return "no error";
}

constexpr Kind kAllKinds[] = {Kind::Read, Kind::Write, Kind::Net, Kind::Env,
                              Kind::Run,  Kind::Sys,   Kind::Ffi, Kind::Import};

}  // namespace

// ------------------------------------------------------------ defaults

TEST(PermissionsDefaults, EverythingPromptsWithoutFlags) {
  Permissions p = perms({});
  for (Kind k : kAllKinds) EXPECT_EQ(q(p, k), "prompt") << tp::kind_name(k);
  EXPECT_EQ(q(p, Kind::Read, "/etc/passwd"), "prompt");
  EXPECT_EQ(q(p, Kind::Write, "/tmp/x"), "prompt");
  EXPECT_EQ(q(p, Kind::Net, "example.com"), "prompt");
  EXPECT_EQ(q(p, Kind::Net, "example.com:443"), "prompt");
  EXPECT_EQ(q(p, Kind::Env, "HOME"), "prompt");
  EXPECT_EQ(q(p, Kind::Run, "ls"), "prompt");
  EXPECT_EQ(q(p, Kind::Sys, "hostname"), "prompt");
  EXPECT_EQ(q(p, Kind::Ffi, "/tmp/lib.so"), "prompt");
  EXPECT_EQ(q(p, Kind::Import, "deno.land"), "prompt");
  EXPECT_TRUE(p.prompt());
}

TEST(PermissionsDefaults, NoPromptReportsPromptToo) {
  Permissions p = perms({"--no-prompt"});
  EXPECT_FALSE(p.prompt());
  for (Kind k : kAllKinds) EXPECT_EQ(q(p, k), "prompt");
}

TEST(PermissionsDefaults, AllowAllGrantsEverything) {
  for (Permissions p : {Permissions::allow_all(), perms({"-A"}), perms({"--allow-all"})}) {
    for (Kind k : kAllKinds) {
      EXPECT_EQ(q(p, k), "granted");
      EXPECT_TRUE(p.is_allow_all(k));
    }
    EXPECT_EQ(q(p, Kind::Read, "/etc/passwd"), "granted");
    EXPECT_EQ(q(p, Kind::Import, "deno.land"), "granted");
    EXPECT_TRUE(p.all_granted());
    EXPECT_EQ(msg(p.check(Kind::Run, "ls", "Deno.Command().outputSync()")), "OK");
  }
  EXPECT_FALSE(perms({}).all_granted());
}

// ------------------------------------------------------------ messages

TEST(PermissionsMessages, EachKind) {
  Permissions p = perms({"--no-prompt"});
  auto e = p.check(Kind::Read, "/etc/passwd", "Deno.readTextFileSync()");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message, "Requires read access to \"/etc/passwd\", run again with the --allow-read flag");
  EXPECT_STREQ(e->error_class, "NotCapable");
  EXPECT_EQ(e->state, State::Prompt);
  EXPECT_EQ(msg(p.check(Kind::Read, "rel.txt")),
            "Requires read access to \"rel.txt\", run again with the --allow-read flag");
  EXPECT_EQ(msg(p.check(Kind::Write, "/tmp/perm/out.txt")),
            "Requires write access to \"/tmp/perm/out.txt\", run again with the --allow-write flag");
  EXPECT_EQ(msg(p.check(Kind::Env, "HOME")), "Requires env access to \"HOME\", run again with the --allow-env flag");
  EXPECT_EQ(msg(p.check_all(Kind::Env)), "Requires env access, run again with the --allow-env flag");  // toObject
  EXPECT_EQ(msg(p.check(Kind::Run, "ls")), "Requires run access to \"ls\", run again with the --allow-run flag");
  EXPECT_EQ(msg(p.check(Kind::Run, "/bin/ls")),
            "Requires run access to \"/bin/ls\", run again with the --allow-run flag");
  EXPECT_EQ(msg(p.check_all(Kind::Run, "Deno.kill()")), "Requires run access, run again with the --allow-run flag");
  EXPECT_EQ(msg(p.check(Kind::Sys, "hostname", "Deno.hostname()")),
            "Requires sys access to \"hostname\", run again with the --allow-sys flag");
  EXPECT_EQ(msg(p.check(Kind::Sys, "osRelease")),
            "Requires sys access to \"osRelease\", run again with the --allow-sys flag");
  EXPECT_EQ(msg(p.check(Kind::Sys, "loadavg")),
            "Requires sys access to \"loadavg\", run again with the --allow-sys flag");
  EXPECT_EQ(msg(p.check(Kind::Sys, "uid")), "Requires sys access to \"uid\", run again with the --allow-sys flag");
  EXPECT_EQ(msg(p.check(Kind::Ffi, "/tmp/lib.so")),
            "Requires ffi access to \"/tmp/lib.so\", run again with the --allow-ffi flag");
  EXPECT_EQ(msg(p.check(Kind::Ffi, "./lib.so")),
            "Requires ffi access to \"./lib.so\", run again with the --allow-ffi flag");
  // Deno.listen({port: 4567, hostname: "127.0.0.1"}), Deno.connect, fetch
  EXPECT_EQ(msg(p.check_net(Kind::Net, "127.0.0.1", 4567)),
            "Requires net access to \"127.0.0.1:4567\", run again with the --allow-net flag");
  EXPECT_EQ(msg(p.check_net(Kind::Net, "example.com", 80)),
            "Requires net access to \"example.com:80\", run again with the --allow-net flag");
  EXPECT_EQ(msg(p.check_net(Kind::Net, "0.0.0.0", 0)),
            "Requires net access to \"0.0.0.0:0\", run again with the --allow-net flag");
  EXPECT_EQ(msg(p.check(Kind::Net, "example.com:443")),
            "Requires net access to \"example.com:443\", run again with the --allow-net flag");
  EXPECT_EQ(msg(p.check(Kind::Net, "[::1]:8080")),
            "Requires net access to \"[::1]:8080\", run again with the --allow-net flag");
  EXPECT_EQ(msg(p.check(Kind::Net, "unix:/tmp/perm/sock")),
            "Requires net access to \"unix:/tmp/perm/sock\", run again with the --allow-net flag");
  // import("https://example.com/x.js") rejects with a TypeError
  auto imp = p.check_net(Kind::Import, "example.com", 443, "import()");
  ASSERT_TRUE(imp);
  EXPECT_EQ(imp->message, "Requires import access to \"example.com:443\", run again with the --allow-import flag");
  EXPECT_STREQ(imp->error_class, "TypeError");
  EXPECT_EQ(msg(p.check_net(Kind::Import, "example.com", 8080)),
            "Requires import access to \"example.com:8080\", run again with the --allow-import flag");
  EXPECT_EQ(msg(p.check_net(Kind::Import, "[::1]", 443)),
            "Requires import access to \"[::1]:443\", run again with the --allow-import flag");
}

TEST(PermissionsMessages, HostsAreShownNormalised) {
  Permissions p = perms({"--no-prompt"});
  // Deno.connect({hostname, port: 80})
  EXPECT_EQ(msg(p.check_net(Kind::Net, "EXAMPLE.com", 80)),
            "Requires net access to \"example.com:80\", run again with the --allow-net flag");
  EXPECT_EQ(msg(p.check_net(Kind::Net, "example.com.", 80)),
            "Requires net access to \"example.com:80\", run again with the --allow-net flag");
  EXPECT_EQ(msg(p.check_net(Kind::Net, "0:0::1", 80)),
            "Requires net access to \"[::1]:80\", run again with the --allow-net flag");
  EXPECT_EQ(msg(p.check_net(Kind::Net, "[::1]", 80)),
            "Requires net access to \"[::1]:80\", run again with the --allow-net flag");
  EXPECT_EQ(msg(p.check_net(Kind::Net, "127.1", 80)),
            "Requires net access to \"127.1:80\", run again with the --allow-net flag");
  EXPECT_EQ(msg(p.check_net(Kind::Net, "a_b.com", 80)),
            "Requires net access to \"a_b.com:80\", run again with the --allow-net flag");
  try {
    p.check_net(Kind::Net, "", 80);
    FAIL();
  } catch (const tp::DescriptorError& e) {
    EXPECT_STREQ(e.error_class(), "URIError");
    EXPECT_STREQ(e.what(), "invalid empty host: ''");
  }
}

TEST(PermissionsMessages, PathsAreShownAsWrittenOrNormalised) {
  Permissions p = perms({"--no-prompt"});
  auto read = [&](const char* path) { return msg(p.check(Kind::Read, path)); };
  auto shown = [](const char* path) {
    return std::string("Requires read access to \"") + path + "\", run again with the --allow-read flag";
  };
  EXPECT_EQ(read("/etc/../etc/passwd"), shown("/etc/passwd"));
  EXPECT_EQ(read("/etc/./passwd"), shown("/etc/passwd"));
  EXPECT_EQ(read("/etc/passwd/"), shown("/etc/passwd"));
  EXPECT_EQ(read("/etc/."), shown("/etc"));
  EXPECT_EQ(read("/etc//passwd"), shown("/etc//passwd"));
  EXPECT_EQ(read("//etc"), shown("//etc"));
  EXPECT_EQ(read("./x.txt"), shown("./x.txt"));
  EXPECT_EQ(read("./rel/../x.txt"), shown("./rel/../x.txt"));
  EXPECT_EQ(read("x//y"), shown("x//y"));
  EXPECT_EQ(read("../../proc/self/status"), shown("../../proc/self/status"));
  // new Deno.Command(cmd): commands are always shown as written
  auto run = [&](const char* cmd) { return msg(p.check(Kind::Run, cmd)); };
  EXPECT_EQ(run("./nope.sh"), "Requires run access to \"./nope.sh\", run again with the --allow-run flag");
  EXPECT_EQ(run("sub/../ls"), "Requires run access to \"sub/../ls\", run again with the --allow-run flag");
  EXPECT_EQ(run("/usr/bin/../bin/ls"),
            "Requires run access to \"/usr/bin/../bin/ls\", run again with the --allow-run flag");
  EXPECT_EQ(run("/usr//bin/ls"), "Requires run access to \"/usr//bin/ls\", run again with the --allow-run flag");
}

TEST(PermissionsMessages, ExplicitDenyUsesTheSameWording) {
  Permissions p = perms({"--deny-read", "--deny-write", "--deny-net", "--deny-env", "--deny-run", "--deny-sys",
                         "--deny-ffi"});
  auto e = p.check(Kind::Read, "/etc/passwd");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message, "Requires read access to \"/etc/passwd\", run again with the --allow-read flag");
  EXPECT_STREQ(e->error_class, "NotCapable");
  EXPECT_EQ(e->state, State::Denied);
  EXPECT_EQ(msg(p.check(Kind::Env, "HOME")), "Requires env access to \"HOME\", run again with the --allow-env flag");
  EXPECT_EQ(msg(p.check(Kind::Run, "ls")), "Requires run access to \"ls\", run again with the --allow-run flag");
  EXPECT_EQ(msg(p.check(Kind::Sys, "hostname")),
            "Requires sys access to \"hostname\", run again with the --allow-sys flag");
  EXPECT_EQ(msg(p.check_net(Kind::Net, "example.com", 80)),
            "Requires net access to \"example.com:80\", run again with the --allow-net flag");
  EXPECT_EQ(msg(p.check(Kind::Ffi, "/tmp/lib.so")),
            "Requires ffi access to \"/tmp/lib.so\", run again with the --allow-ffi flag");
  EXPECT_EQ(q(p, Kind::Read), "denied");
  EXPECT_EQ(q(p, Kind::Read, "/etc"), "denied");
}

TEST(PermissionsMessages, Standalone) {
  Permissions p = perms({"--no-prompt"});
  p.set_standalone(true);
  EXPECT_EQ(msg(p.check(Kind::Read, "/etc/passwd")),
            "Requires read access to \"/etc/passwd\", specify the required permissions during compilation using "
            "`deno compile --allow-read`");
}

// ------------------------------------------------------------ prompting

TEST(PermissionsPrompt, WithoutTtyADeniedPromptIsRemembered) {
  Permissions p = perms({});  // deno run x.ts </dev/null
  EXPECT_EQ(msg(p.check(Kind::Read, "/etc/hostname")),
            "Requires read access to \"/etc/hostname\", run again with the --allow-read flag");
  EXPECT_EQ(q(p, Kind::Read, "/etc/hostname"), "denied");
  EXPECT_EQ(q(p, Kind::Read, "/etc"), "denied");
  EXPECT_EQ(q(p, Kind::Read, "/etc/hostname/x"), "prompt");
  EXPECT_EQ(q(p, Kind::Read), "denied");
  EXPECT_EQ(q(p, Kind::Read, "/tmp"), "prompt");
  EXPECT_EQ(p.check(Kind::Read, "/etc/hostname")->state, State::Denied);

  EXPECT_TRUE(p.check(Kind::Env, "HOME"));
  EXPECT_EQ(q(p, Kind::Env, "HOME"), "denied");
  EXPECT_EQ(q(p, Kind::Env), "denied");
  EXPECT_TRUE(p.check_all(Kind::Env));
  EXPECT_EQ(q(p, Kind::Env, "X"), "prompt");
}

TEST(PermissionsPrompt, NoPromptRemembersNothing) {
  Permissions p = perms({"--no-prompt"});
  EXPECT_TRUE(p.check(Kind::Read, "/etc/hostname"));
  EXPECT_EQ(q(p, Kind::Read, "/etc/hostname"), "prompt");
  EXPECT_EQ(q(p, Kind::Read), "prompt");
  EXPECT_TRUE(p.check_all(Kind::Env));
  EXPECT_EQ(q(p, Kind::Env), "prompt");
}

TEST(PermissionsPrompt, RequestWithoutTty) {
  Permissions p = perms({});
  EXPECT_EQ(p.request(Kind::Read, "/tmp"), State::Denied);
  EXPECT_EQ(q(p, Kind::Read, "/tmp"), "denied");
  EXPECT_EQ(p.request(Kind::Read, std::nullopt), State::Denied);
  EXPECT_EQ(q(p, Kind::Read), "denied");
  EXPECT_EQ(p.request(Kind::Env, "HOME"), State::Denied);

  Permissions r = perms({"--allow-read=/tmp"});
  EXPECT_EQ(r.request(Kind::Read, "/tmp"), State::Granted);
  EXPECT_EQ(r.request(Kind::Read, "/etc"), State::Denied);
  EXPECT_EQ(q(r, Kind::Read, "/etc"), "denied");

  Permissions e = perms({"--allow-env=HOME"});
  EXPECT_EQ(e.request(Kind::Env, "HOME"), State::Granted);
  EXPECT_EQ(e.request(Kind::Env, "PATH"), State::Denied);
  EXPECT_EQ(q(e, Kind::Env, "PATH"), "denied");
  EXPECT_EQ(e.request(Kind::Env, std::nullopt), State::Denied);
  EXPECT_EQ(q(e, Kind::Env), "denied");

  Permissions partial = perms({"--allow-read", "--deny-read=/tmp/perm/d/secret"});
  EXPECT_EQ(partial.request(Kind::Read, "/tmp/perm/d"), State::GrantedPartial);
  EXPECT_EQ(partial.request(Kind::Read, std::nullopt), State::GrantedPartial);
}

TEST(PermissionsPrompt, PrompterAnswers) {
  Permissions p = perms({});
  std::vector<std::string> asked;
  tp::PromptResponse answer = tp::PromptResponse::Allow;
  p.set_prompter([&](Kind, std::string_view message, std::string_view api) {
    asked.push_back(std::string(message) + " / " + std::string(api));
    return answer;
  });
  EXPECT_EQ(msg(p.check(Kind::Read, "/etc/hostname", "Deno.readTextFileSync()")), "OK");
  ASSERT_EQ(asked.size(), 1u);
  EXPECT_EQ(asked[0], "read access to \"/etc/hostname\" / Deno.readTextFileSync()");
  EXPECT_EQ(q(p, Kind::Read, "/etc/hostname"), "granted");
  EXPECT_EQ(q(p, Kind::Read, "/etc"), "prompt");
  answer = tp::PromptResponse::AllowAll;
  EXPECT_EQ(msg(p.check(Kind::Env, "HOME")), "OK");
  EXPECT_EQ(q(p, Kind::Env), "granted");
  answer = tp::PromptResponse::Deny;
  EXPECT_EQ(p.request(Kind::Sys, "hostname"), State::Denied);
  EXPECT_EQ(asked.back(), "sys access to \"hostname\" / Deno.permissions.request()");
  EXPECT_EQ(q(p, Kind::Sys, "hostname"), "denied");
}

// ------------------------------------------------------------ read / write / ffi

TEST(PermissionsPaths, AllowList) {
  Permissions p = perms({"--allow-read=/tmp"});
  EXPECT_EQ(q(p, Kind::Read), "prompt");
  EXPECT_EQ(q(p, Kind::Read, "/tmp"), "granted");
  EXPECT_EQ(q(p, Kind::Read, "/tmp/x/y"), "granted");
  EXPECT_EQ(q(p, Kind::Read, "/tmpx"), "prompt");
  EXPECT_EQ(q(p, Kind::Read, "/"), "prompt");
  EXPECT_EQ(q(p, Kind::Read, "/etc"), "prompt");
  EXPECT_EQ(q(p, Kind::Read, "/tmp/../etc"), "prompt");
  EXPECT_EQ(q(p, Kind::Read, "rel"), "granted");  // /tmp/perm/rel
  EXPECT_EQ(msg(p.check(Kind::Read, "/tmp/perm/x")), "OK");
  EXPECT_EQ(msg(p.check(Kind::Write, "/tmp/perm/out.txt")),
            "Requires write access to \"/tmp/perm/out.txt\", run again with the --allow-write flag");
}

TEST(PermissionsPaths, SpellingsOfTheSameDirectory) {
  EXPECT_EQ(q(perms({"--allow-read=/tmp/"}), Kind::Read, "/tmp"), "granted");
  EXPECT_EQ(q(perms({"--allow-read=/tmp/"}), Kind::Read, "/tmp/x"), "granted");
  Permissions dot = perms({"--allow-read=."});
  EXPECT_EQ(q(dot, Kind::Read, "/tmp/perm"), "granted");
  EXPECT_EQ(q(dot, Kind::Read, "/tmp/perm/x"), "granted");
  EXPECT_EQ(q(dot, Kind::Read, "/tmp"), "prompt");
  Permissions messy = perms({"--allow-read=//tmp//x/./y/.."});
  EXPECT_EQ(q(messy, Kind::Read, "/tmp/x"), "granted");
  EXPECT_EQ(q(messy, Kind::Read, "/tmp/x/z"), "granted");
  Permissions tilde = perms({"--allow-read=~"});  // no tilde expansion
  EXPECT_EQ(q(tilde, Kind::Read, "/root"), "prompt");
  EXPECT_EQ(q(tilde, Kind::Read, "~"), "granted");
}

TEST(PermissionsPaths, DenyInsideAllow) {
  Permissions p = perms({"--allow-read", "--deny-read=/etc/secret"});
  EXPECT_EQ(q(p, Kind::Read), "granted partial");
  EXPECT_EQ(q(p, Kind::Read, "/etc"), "granted partial");
  EXPECT_EQ(q(p, Kind::Read, "/etc/secret"), "denied");
  EXPECT_EQ(q(p, Kind::Read, "/etc/secret/x"), "denied");
  EXPECT_EQ(q(p, Kind::Read, "/etc/other"), "granted");
  EXPECT_EQ(q(p, Kind::Read, "/"), "granted partial");
  EXPECT_FALSE(p.is_allow_all(Kind::Read));
  EXPECT_EQ(msg(p.check(Kind::Read, "/etc/secret/x")),
            "Requires read access to \"/etc/secret/x\", run again with the --allow-read flag");
  EXPECT_EQ(p.check(Kind::Read, "/etc/secret")->state, State::Denied);
  // open/stat/readDir of /etc succeed (check_partial); a recursive remove does not (check).
  EXPECT_EQ(msg(p.check_partial(Kind::Read, "/etc")), "OK");
  auto e = p.check(Kind::Read, "/etc");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message, "Requires read access to \"/etc\", run again with the --allow-read flag");
  EXPECT_EQ(e->state, State::DeniedPartial);
}

TEST(PermissionsPaths, DenyWithoutAllow) {
  Permissions p = perms({"--deny-read=/etc"});
  EXPECT_EQ(q(p, Kind::Read), "prompt");
  EXPECT_EQ(q(p, Kind::Read, "/etc"), "denied");
  EXPECT_EQ(q(p, Kind::Read, "/tmp"), "prompt");
  EXPECT_EQ(q(p, Kind::Read, "/"), "prompt");
  Permissions all = perms({"--deny-read"});
  EXPECT_EQ(q(all, Kind::Read), "denied");
  EXPECT_EQ(q(all, Kind::Read, "/etc"), "denied");
  Permissions same = perms({"--allow-read=/etc", "--deny-read=/etc"});
  EXPECT_EQ(q(same, Kind::Read), "prompt");
  EXPECT_EQ(q(same, Kind::Read, "/etc"), "denied");
  EXPECT_EQ(q(same, Kind::Read, "/tmp"), "prompt");
  Permissions same2 = perms({"--allow-read=/tmp", "--deny-read=/tmp"});
  EXPECT_EQ(q(same2, Kind::Read, "/tmp"), "denied");
  EXPECT_EQ(q(same2, Kind::Read, "/tmp/x"), "denied");
}

TEST(PermissionsPaths, MostSpecificEntryWins) {
  Permissions a = perms({"--allow-read=/etc/x", "--deny-read=/etc"});
  EXPECT_EQ(q(a, Kind::Read), "prompt");
  EXPECT_EQ(q(a, Kind::Read, "/etc"), "denied");
  EXPECT_EQ(q(a, Kind::Read, "/etc/x"), "granted");
  EXPECT_EQ(q(a, Kind::Read, "/etc/x/y"), "granted");
  EXPECT_EQ(q(a, Kind::Read, "/etc/y"), "denied");
  Permissions b = perms({"--deny-read=/etc/x", "--allow-read=/etc"});
  EXPECT_EQ(q(b, Kind::Read), "prompt");
  EXPECT_EQ(q(b, Kind::Read, "/etc"), "granted partial");
  EXPECT_EQ(q(b, Kind::Read, "/etc/x"), "denied");
  EXPECT_EQ(q(b, Kind::Read, "/etc/y"), "granted");
  Permissions c = perms({"--allow-read=/etc/x/y", "--deny-read=/etc/x", "--allow-read=/etc"});
  EXPECT_EQ(q(c, Kind::Read), "prompt");
  EXPECT_EQ(q(c, Kind::Read, "/etc"), "granted partial");
  EXPECT_EQ(q(c, Kind::Read, "/etc/x"), "denied");
  EXPECT_EQ(q(c, Kind::Read, "/etc/x/y"), "granted");
  EXPECT_EQ(q(c, Kind::Read, "/etc/x/z"), "denied");
  Permissions global_deny = perms({"--deny-read", "--allow-read=/tmp"});
  EXPECT_EQ(q(global_deny, Kind::Read), "denied");
  EXPECT_EQ(q(global_deny, Kind::Read, "/tmp"), "granted");
  EXPECT_EQ(q(global_deny, Kind::Read, "/etc"), "denied");
}

TEST(PermissionsPaths, IgnoreRead) {
  Permissions p = perms({"--allow-read", "--ignore-read=/etc"});
  EXPECT_EQ(q(p, Kind::Read), "granted partial");
  EXPECT_EQ(q(p, Kind::Read, "/etc"), "denied");
  EXPECT_EQ(q(p, Kind::Read, "/etc/passwd"), "denied");
  EXPECT_EQ(q(p, Kind::Read, "/tmp"), "granted");
  // Deno.readTextFileSync("/etc/hostname") -> NotFound "No such file or directory (os error 2)"
  auto e = p.check(Kind::Read, "/etc/hostname");
  ASSERT_TRUE(e);
  EXPECT_STREQ(e->error_class, "NotFound");
  EXPECT_EQ(e->message, "No such file or directory (os error 2)");
  EXPECT_EQ(e->state, State::Ignored);
  Permissions layered = perms({"--allow-read=/a", "--deny-read=/a/b", "--ignore-read=/a/b/c"});
  EXPECT_EQ(q(layered, Kind::Read, "/a/b/c"), "denied");
  EXPECT_EQ(q(layered, Kind::Read, "/a/b"), "denied");
  EXPECT_EQ(q(layered, Kind::Read, "/a/x"), "granted");
  EXPECT_EQ(q(layered, Kind::Read), "prompt");
}

TEST(PermissionsPaths, WritePartialForRemove) {
  Permissions p = perms({"--allow-write", "--deny-write=/tmp/perm/e/secret"});
  EXPECT_EQ(msg(p.check_partial(Kind::Write, "/tmp/perm/e")), "OK");  // rename, chmod, mkdir
  // Deno.removeSync("/tmp/perm/e", {recursive: true})
  EXPECT_EQ(msg(p.check(Kind::Write, "/tmp/perm/e")),
            "Requires write access to \"/tmp/perm/e\", run again with the --allow-write flag");
}

TEST(PermissionsPaths, Ffi) {
  Permissions p = perms({"--allow-ffi=/tmp/lib"});
  EXPECT_EQ(q(p, Kind::Ffi), "prompt");
  EXPECT_EQ(q(p, Kind::Ffi, "/tmp/lib/x.so"), "granted");
  EXPECT_EQ(q(p, Kind::Ffi, "/tmp/other.so"), "prompt");
}

TEST(PermissionsPaths, EmptyPathIsAnError) {
  Permissions p = perms({"--no-prompt"});
  EXPECT_EQ(query_error(p, Kind::Read, ""), "Error: Empty path is not allowed");
  EXPECT_EQ(query_error(p, Kind::Write, ""), "Error: Empty path is not allowed");
  EXPECT_EQ(query_error(p, Kind::Ffi, ""), "Error: Empty path is not allowed");
}

// ------------------------------------------------------------ net / import

TEST(PermissionsNet, HostAndPortMatching) {
  Permissions p = perms({"--allow-net=example.com"});
  EXPECT_EQ(q(p, Kind::Net), "prompt");
  EXPECT_EQ(q(p, Kind::Net, "example.com"), "granted");
  EXPECT_EQ(q(p, Kind::Net, "example.com:443"), "granted");
  EXPECT_EQ(q(p, Kind::Net, "EXAMPLE.com"), "granted");
  EXPECT_EQ(q(p, Kind::Net, "sub.example.com"), "prompt");
  EXPECT_EQ(q(p, Kind::Net, "example.com."), "granted");
  EXPECT_EQ(q(p, Kind::Net, "[::1]"), "prompt");
  EXPECT_EQ(q(p, Kind::Net, "1.2.3.4"), "prompt");
  EXPECT_EQ(msg(p.check_net(Kind::Net, "example.com", 443)), "OK");

  Permissions port = perms({"--allow-net=example.com:443"});
  EXPECT_EQ(q(port, Kind::Net), "prompt");
  EXPECT_EQ(q(port, Kind::Net, "example.com"), "prompt");
  EXPECT_EQ(q(port, Kind::Net, "example.com:443"), "granted");
  EXPECT_EQ(q(port, Kind::Net, "example.com:80"), "prompt");

  Permissions ips = perms({"--allow-net=[::1]:8080,127.0.0.1"});
  EXPECT_EQ(q(ips, Kind::Net, "[::1]"), "prompt");
  EXPECT_EQ(q(ips, Kind::Net, "[::1]:8080"), "granted");
  EXPECT_EQ(q(ips, Kind::Net, "[0:0::1]:8080"), "granted");
  EXPECT_EQ(q(ips, Kind::Net, "127.0.0.1:5"), "granted");
  EXPECT_EQ(q(ips, Kind::Net, "localhost"), "prompt");

  Permissions v6 = perms({"--allow-net=[::1]"});
  EXPECT_EQ(q(v6, Kind::Net, "[::1]:80"), "granted");
  EXPECT_EQ(q(v6, Kind::Net, "[0::1]"), "granted");

  Permissions local = perms({"--allow-net=localhost"});
  EXPECT_EQ(q(local, Kind::Net, "127.0.0.1"), "prompt");
  EXPECT_EQ(q(local, Kind::Net, "localhost:80"), "granted");

  Permissions ten = perms({"--allow-net=10"});  // an FQDN, not a subnet
  EXPECT_EQ(q(ten, Kind::Net, "10.0.0.0"), "prompt");
  EXPECT_EQ(q(ten, Kind::Net, "10"), "granted");
}

TEST(PermissionsNet, Deny) {
  Permissions p = perms({"--allow-net", "--deny-net=evil.com"});
  EXPECT_EQ(q(p, Kind::Net), "granted partial");
  EXPECT_EQ(q(p, Kind::Net, "evil.com"), "denied");
  EXPECT_EQ(q(p, Kind::Net, "evil.com:80"), "denied");
  EXPECT_EQ(q(p, Kind::Net, "good.com"), "granted");
  EXPECT_EQ(p.check_net(Kind::Net, "evil.com", 443)->state, State::Denied);

  Permissions port = perms({"--allow-net", "--deny-net=evil.com:80"});
  EXPECT_EQ(q(port, Kind::Net), "granted partial");
  EXPECT_EQ(q(port, Kind::Net, "evil.com"), "granted");
  EXPECT_EQ(q(port, Kind::Net, "evil.com:80"), "denied");
  EXPECT_EQ(q(port, Kind::Net, "evil.com:443"), "granted");

  Permissions a = perms({"--allow-net=example.com", "--deny-net=example.com:443"});
  EXPECT_EQ(q(a, Kind::Net, "example.com"), "granted");
  EXPECT_EQ(q(a, Kind::Net, "example.com:443"), "denied");
  EXPECT_EQ(q(a, Kind::Net, "example.com:80"), "granted");
  Permissions b = perms({"--allow-net=example.com:443", "--deny-net=example.com"});
  EXPECT_EQ(q(b, Kind::Net, "example.com:443"), "granted");
  EXPECT_EQ(q(b, Kind::Net, "example.com:80"), "denied");

  Permissions all = perms({"--allow-all", "--deny-net=x.com"});
  EXPECT_EQ(q(all, Kind::Net), "granted partial");
  EXPECT_EQ(q(all, Kind::Net, "x.com"), "denied");
}

TEST(PermissionsNet, WildcardsAndSubnets) {
  Permissions w = perms({"--allow-net=*.example.com"});
  EXPECT_EQ(q(w, Kind::Net, "a.example.com"), "granted");
  EXPECT_EQ(q(w, Kind::Net, "example.com"), "granted");
  Permissions wd = perms({"--allow-net=*.a.com", "--deny-net=b.a.com"});
  EXPECT_EQ(q(wd, Kind::Net, "b.a.com"), "denied");
  EXPECT_EQ(q(wd, Kind::Net, "c.a.com"), "granted");
  EXPECT_EQ(q(wd, Kind::Net, "a.com"), "granted");
  EXPECT_EQ(q(wd, Kind::Net), "prompt");
  Permissions dw = perms({"--allow-net=b.a.com", "--deny-net=*.a.com"});
  EXPECT_EQ(q(dw, Kind::Net, "b.a.com"), "granted");
  EXPECT_EQ(q(dw, Kind::Net, "c.a.com"), "denied");
  EXPECT_EQ(q(dw, Kind::Net, "a.com"), "denied");

  Permissions s = perms({"--allow-net=10.0.0.0/8"});
  EXPECT_EQ(q(s, Kind::Net, "10.1.2.3"), "granted");
  EXPECT_EQ(q(s, Kind::Net, "10.1.2.3:80"), "granted");
  EXPECT_EQ(q(s, Kind::Net, "11.0.0.1"), "prompt");
  Permissions sd = perms({"--allow-net=10.0.0.0/8", "--deny-net=10.1.1.1"});
  EXPECT_EQ(q(sd, Kind::Net, "10.1.1.1"), "denied");
  EXPECT_EQ(q(sd, Kind::Net, "10.1.1.2"), "granted");
  Permissions ds = perms({"--allow-net=10.1.1.1", "--deny-net=10.0.0.0/8"});
  EXPECT_EQ(q(ds, Kind::Net, "10.1.1.1"), "granted");
  EXPECT_EQ(q(ds, Kind::Net, "10.1.1.2"), "denied");
}

TEST(PermissionsNet, UnixAndVsock) {
  Permissions u = perms({"--allow-net=unix:/tmp/sock"});
  EXPECT_EQ(q(u, Kind::Net), "prompt");
  EXPECT_EQ(q(u, Kind::Net, "unix:/tmp/sock"), "granted");
  EXPECT_EQ(q(u, Kind::Net, "unix:/tmp/sock/x"), "prompt");
  EXPECT_EQ(q(u, Kind::Net, "unix:/tmp"), "prompt");
  Permissions un = perms({"--allow-net=unix:/tmp/../tmp/sock"});
  EXPECT_EQ(q(un, Kind::Net, "unix:/tmp/sock"), "granted");
  EXPECT_EQ(q(un, Kind::Net, "unix:/tmp/../tmp/sock"), "granted");
  Permissions v = perms({"--allow-net=vsock:3:80"});
  EXPECT_EQ(q(v, Kind::Net), "prompt");
  EXPECT_EQ(q(v, Kind::Net, "vsock:3:80"), "granted");
}

TEST(PermissionsNet, QueryErrors) {
  Permissions p = perms({"--no-prompt"});
  EXPECT_EQ(query_error(p, Kind::Net, ""), "URIError: invalid empty host: ''");
  EXPECT_EQ(query_error(p, Kind::Import, ""), "URIError: invalid empty host: ''");
  EXPECT_EQ(query_error(p, Kind::Net, "http://example.com"),
            "URIError: invalid value 'http://example.com': URLs are not supported, only domains and IPs");
  EXPECT_EQ(query_error(p, Kind::Net, "example.com:"), "URIError: invalid empty port in 'example.com:'");
  EXPECT_EQ(query_error(p, Kind::Net, "ex%ample"), "URIError: invalid host 'ex%ample': invalid char found in FQDN");
  EXPECT_EQ(query_error(p, Kind::Net, "::1"), "URIError: invalid empty host: ''");
  EXPECT_EQ(query_error(p, Kind::Net, "[::1"), "URIError: invalid host: '[::1'");
  EXPECT_EQ(query_error(p, Kind::Net, "[zz]"), "URIError: invalid IPv6 address in '[zz]': 'zz'");
  EXPECT_EQ(query_error(p, Kind::Net, "a.com:x"), "URIError: invalid port in 'a.com:x': 'x'");
  EXPECT_EQ(query_error(p, Kind::Net, "1::2:3"), "URIError: ipv6 addresses must be enclosed in square brackets: '1::2:3'");
  EXPECT_EQ(query_error(p, Kind::Net, "a..b"), "URIError: invalid host 'a..b': empty label found in FQDN");
  EXPECT_EQ(query_error(p, Kind::Net, "\xc3\xa9.com"), "URIError: invalid host '\xc3\xa9.com': invalid char found in FQDN");
  EXPECT_EQ(query_error(p, Kind::Net, "1.2.3.4."), "URIError: invalid host: '1.2.3.4'");
  EXPECT_EQ(query_error(p, Kind::Net, "unix:rel"),
            "URIError: invalid unix socket: 'unix:rel' (path must be absolute and non-empty)");
  EXPECT_EQ(query_error(p, Kind::Net, "vsock:x"), "URIError: invalid vsock: 'vsock:x'");
  EXPECT_EQ(query_error(p, Kind::Net, "vsock:1"), "URIError: invalid vsock: 'vsock:1'");
  EXPECT_EQ(query_error(p, Kind::Net, "*.x.com"), "URIError: invalid host '*.x.com': invalid char found in FQDN");
  EXPECT_EQ(query_error(p, Kind::Import, "*.x.com"), "URIError: invalid host '*.x.com': invalid char found in FQDN");
  EXPECT_EQ(query_error(p, Kind::Net, "ftp://x.com"), "URIError: invalid port in 'ftp://x.com': '//x.com'");
  for (const char* ok : {"-a.com", "a_b.com", "xn--e-9ba.com", "a.com.", "1.2.3.4:80", "300.1.1.1", "1.2.3.4:0",
                         "1.2.3.4:65535", "a.com:+80", "a.com:080", "vsock:-1:5", "vsock:1:2:3", "unix:/tmp/x"}) {
    EXPECT_EQ(q(p, Kind::Net, ok), "prompt") << ok;
  }
}

TEST(PermissionsNet, ImportDefaults) {
  Permissions p = perms({});
  EXPECT_EQ(q(p, Kind::Import), "prompt");
  for (const char* host : {"jsr.io:443", "esm.sh:443", "cdn.jsdelivr.net:443", "raw.githubusercontent.com:443",
                           "gist.githubusercontent.com:443", "deno.land:443"}) {
    EXPECT_EQ(q(p, Kind::Import, host), "granted") << host;
  }
  for (const char* host : {"unpkg.com:443", "registry.npmjs.org:443", "x.deno.land:443", "deno.land", "deno.land:80",
                           "jsr.io", "esm.sh", "example.com"}) {
    EXPECT_EQ(q(p, Kind::Import, host), "prompt") << host;
  }
  Permissions own = perms({"--allow-import=example.com"});
  EXPECT_EQ(q(own, Kind::Import), "prompt");
  EXPECT_EQ(q(own, Kind::Import, "example.com"), "granted");
  EXPECT_EQ(q(own, Kind::Import, "deno.land:443"), "prompt");
  // A port-qualified default allow sorts before a host-wide deny.
  Permissions deny = perms({"--deny-import=deno.land"});
  EXPECT_EQ(q(deny, Kind::Import, "deno.land:443"), "granted");
  EXPECT_EQ(q(deny, Kind::Import, "jsr.io:443"), "granted");
  Permissions all = perms({"--allow-import"});
  EXPECT_EQ(q(all, Kind::Import), "granted");
  EXPECT_EQ(q(all, Kind::Import, "deno.land"), "granted");
}

// ------------------------------------------------------------ env

TEST(PermissionsEnv, NamesAndPatterns) {
  Permissions p = perms({"--allow-env=HOME,AWS_*"});
  EXPECT_EQ(q(p, Kind::Env), "prompt");
  EXPECT_EQ(q(p, Kind::Env, "HOME"), "granted");
  EXPECT_EQ(q(p, Kind::Env, "home"), "prompt");
  EXPECT_EQ(q(p, Kind::Env, "AWS_KEY"), "granted");
  EXPECT_EQ(q(p, Kind::Env, "AWS_"), "granted");
  EXPECT_EQ(q(p, Kind::Env, "AWS"), "prompt");
  EXPECT_EQ(q(p, Kind::Env, "AWS_*"), "granted");
  EXPECT_EQ(q(p, Kind::Env, "PATH"), "prompt");
  EXPECT_EQ(q(p, Kind::Env, ""), "prompt");
  Permissions star = perms({"--allow-env=*"});
  EXPECT_EQ(q(star, Kind::Env), "prompt");
  EXPECT_EQ(q(star, Kind::Env, "X"), "granted");
}

TEST(PermissionsEnv, DenyAndIgnore) {
  Permissions p = perms({"--allow-env", "--deny-env=AWS_*"});
  EXPECT_EQ(q(p, Kind::Env), "granted partial");
  EXPECT_EQ(q(p, Kind::Env, "HOME"), "granted");
  EXPECT_EQ(q(p, Kind::Env, "AWS_KEY"), "denied");
  EXPECT_EQ(q(p, Kind::Env, "AWS_*"), "denied");
  // Deno.env.toObject() with a partial grant returns the allowed variables
  EXPECT_TRUE(p.check_all(Kind::Env));
  EXPECT_EQ(p.check_all(Kind::Env)->state, State::DeniedPartial);

  Permissions a = perms({"--allow-env=AWS_KEY", "--deny-env=AWS_*"});
  EXPECT_EQ(q(a, Kind::Env, "AWS_KEY"), "granted");
  EXPECT_EQ(q(a, Kind::Env, "AWS_X"), "denied");
  Permissions b = perms({"--allow-env=AWS_*", "--deny-env=AWS_KEY"});
  EXPECT_EQ(q(b, Kind::Env, "AWS_KEY"), "denied");
  EXPECT_EQ(q(b, Kind::Env, "AWS_X"), "granted");
  Permissions c = perms({"--allow-env=A_*", "--allow-env=A_B_*", "--deny-env=A_B_C"});
  EXPECT_EQ(q(c, Kind::Env, "A_B_C"), "denied");
  EXPECT_EQ(q(c, Kind::Env, "A_B_D"), "granted");
  EXPECT_EQ(q(c, Kind::Env, "A_X"), "granted");
  Permissions d = perms({"--deny-env=*", "--allow-env"});
  EXPECT_EQ(q(d, Kind::Env), "granted partial");
  EXPECT_EQ(q(d, Kind::Env, "X"), "denied");

  Permissions ig = perms({"--allow-env", "--ignore-env=SECRET"});
  EXPECT_EQ(q(ig, Kind::Env), "granted partial");
  EXPECT_EQ(q(ig, Kind::Env, "HOME"), "granted");
  EXPECT_EQ(q(ig, Kind::Env, "SECRET"), "denied");
  // Deno.env.get("SECRET") returns undefined: the op sees state Ignored.
  ASSERT_TRUE(ig.check(Kind::Env, "SECRET"));
  EXPECT_EQ(ig.check(Kind::Env, "SECRET")->state, State::Ignored);
  Permissions ig_all = perms({"--ignore-env"});
  EXPECT_EQ(q(ig_all, Kind::Env), "denied");
  EXPECT_EQ(q(ig_all, Kind::Env, "HOME"), "denied");
  EXPECT_EQ(ig_all.check(Kind::Env, "HOME")->state, State::Ignored);
}

TEST(PermissionsEnv, AlwaysReadable) {
  for (const char* name : {"FORCE_COLOR", "NODE_DEBUG", "NODE_OPTIONS", "NO_COLOR"}) {
    EXPECT_TRUE(tp::env_readable_without_permission(name));
  }
  EXPECT_FALSE(tp::env_readable_without_permission("HOME"));
}

// ------------------------------------------------------------ sys

TEST(PermissionsSys, Kinds) {
  Permissions p = perms({"--allow-sys=hostname,username"});
  EXPECT_EQ(q(p, Kind::Sys), "prompt");
  EXPECT_EQ(q(p, Kind::Sys, "hostname"), "granted");
  EXPECT_EQ(q(p, Kind::Sys, "userInfo"), "granted");
  EXPECT_EQ(q(p, Kind::Sys, "username"), "granted");
  EXPECT_EQ(q(p, Kind::Sys, "osRelease"), "prompt");
  EXPECT_EQ(query_error(p, Kind::Sys, "bogus"), "TypeError: unknown system info kind \"bogus\"");
  EXPECT_EQ(query_error(p, Kind::Sys, ""), "Error: Empty sys not allowed");
  for (const char* runtime_only : {"inspector", "setuid", "seteuid", "cpus", "homedir"}) {
    EXPECT_EQ(q(p, Kind::Sys, runtime_only), "prompt");
  }
  Permissions d = perms({"--allow-sys", "--deny-sys=hostname"});
  EXPECT_EQ(q(d, Kind::Sys), "granted partial");
  EXPECT_EQ(q(d, Kind::Sys, "hostname"), "denied");
  EXPECT_EQ(q(d, Kind::Sys, "osRelease"), "granted");
  EXPECT_EQ(q(perms({"--allow-sys", "--deny-sys=hostname", "--allow-sys=hostname"}), Kind::Sys, "hostname"), "denied");
  Permissions same = perms({"--allow-sys=hostname", "--deny-sys=hostname"});
  EXPECT_EQ(q(same, Kind::Sys, "hostname"), "denied");
  EXPECT_EQ(q(same, Kind::Sys), "prompt");
}

// ------------------------------------------------------------ run

TEST(PermissionsRun, AllowByName) {
  Permissions p = perms({"--allow-run=ls"});
  EXPECT_TRUE(p.warnings().empty());
  EXPECT_EQ(q(p, Kind::Run), "prompt");
  EXPECT_EQ(q(p, Kind::Run, "ls"), "granted");
  EXPECT_EQ(q(p, Kind::Run, "/usr/bin/ls"), "granted");
  EXPECT_EQ(q(p, Kind::Run, "/bin/ls"), "prompt");  // no symlink resolution
  EXPECT_EQ(q(p, Kind::Run, "cat"), "prompt");
  EXPECT_EQ(q(p, Kind::Run, "./ls"), "prompt");
  EXPECT_EQ(q(p, Kind::Run, "nonexistent"), "prompt");
  EXPECT_EQ(msg(p.check(Kind::Run, "ls", "Deno.Command().outputSync()")), "OK");
  // The programs one may run may not be written to.
  EXPECT_EQ(q(p, Kind::Write, "/usr/bin/ls"), "denied");
  EXPECT_EQ(q(p, Kind::Write, "/usr/bin"), "prompt");
  EXPECT_EQ(q(p, Kind::Write), "prompt");
  Permissions w = perms({"--allow-run=ls", "--allow-write"});
  EXPECT_EQ(q(w, Kind::Write, "/usr/bin/ls"), "denied");
  EXPECT_EQ(q(w, Kind::Write, "/usr/bin"), "granted partial");
  EXPECT_EQ(q(w, Kind::Write), "granted partial");
  // ...and (as in Deno) that turns a bare --deny-write into a list.
  Permissions bug = perms({"--deny-write", "--allow-run=ls"});
  EXPECT_EQ(q(bug, Kind::Write, "/tmp"), "prompt");
  EXPECT_EQ(q(bug, Kind::Write), "prompt");
}

TEST(PermissionsRun, AllowByPath) {
  Permissions p = perms({"--allow-run=/bin/ls"});
  EXPECT_EQ(q(p, Kind::Run, "ls"), "prompt");
  EXPECT_EQ(q(p, Kind::Run, "/usr/bin/ls"), "prompt");
  EXPECT_EQ(q(p, Kind::Run, "/bin/ls"), "granted");
  Permissions rel = perms({"--allow-run=./nope.sh"});
  EXPECT_EQ(q(rel, Kind::Run, "./nope.sh"), "granted");
  EXPECT_EQ(q(rel, Kind::Run, "/tmp/perm/nope.sh"), "granted");
  EXPECT_EQ(q(rel, Kind::Run, "nope.sh"), "prompt");
  Permissions both = perms({"--allow-run=ls,/usr/bin/ls"});
  EXPECT_EQ(q(both, Kind::Run, "ls"), "granted");
}

TEST(PermissionsRun, UnresolvedNamesAreDropped) {
  Permissions p = perms({"--allow-run=nonexistentcmd"});
  ASSERT_EQ(p.warnings().size(), 1u);
  EXPECT_EQ(p.warnings()[0], "Failed to resolve 'nonexistentcmd' for allow-run: cannot find binary path");
  EXPECT_EQ(q(p, Kind::Run), "prompt");
  EXPECT_EQ(q(p, Kind::Run, "nonexistentcmd"), "prompt");
}

TEST(PermissionsRun, Deny) {
  Permissions p = perms({"--allow-run", "--deny-run=ls"});
  EXPECT_EQ(q(p, Kind::Run), "granted partial");
  EXPECT_EQ(q(p, Kind::Run, "ls"), "denied");
  EXPECT_EQ(q(p, Kind::Run, "/usr/bin/ls"), "denied");
  EXPECT_EQ(q(p, Kind::Run, "/bin/ls"), "denied");
  EXPECT_EQ(q(p, Kind::Run, "ls.exe"), "granted");
  EXPECT_EQ(q(p, Kind::Run, "lsx"), "granted");
  EXPECT_EQ(q(p, Kind::Run, "cat"), "granted");
  Permissions dir = perms({"--allow-run", "--deny-run=/usr/bin"});
  EXPECT_EQ(q(dir, Kind::Run), "granted partial");
  EXPECT_EQ(q(dir, Kind::Run, "ls"), "denied");
  EXPECT_EQ(q(dir, Kind::Run, "/usr/bin/ls"), "denied");
  EXPECT_EQ(q(dir, Kind::Run, "/bin/ls"), "granted");
  // An allow entry sorts before a deny by name...
  Permissions name = perms({"--allow-run=ls", "--deny-run=ls"});
  EXPECT_EQ(q(name, Kind::Run, "ls"), "granted");
  EXPECT_EQ(q(name, Kind::Run, "/usr/bin/ls"), "granted");
  // ...but after a deny by path.
  Permissions path = perms({"--allow-run=/usr/bin/ls", "--deny-run=/usr/bin"});
  EXPECT_EQ(q(path, Kind::Run, "ls"), "denied");
  EXPECT_EQ(q(path, Kind::Run, "/usr/bin/ls"), "denied");
  EXPECT_EQ(q(perms({"--deny-run="}), Kind::Run), "prompt");
  EXPECT_EQ(query_error(p, Kind::Run, ""), "Error: Empty run query is not allowed");
}

TEST(PermissionsRun, WithoutResolverNamesStayUnresolved) {
  Permissions p;
  ASSERT_TRUE(p.parse_flag("--allow-run=ls", kCwd));
  EXPECT_EQ(p.warnings().size(), 1u);
  EXPECT_EQ(q(p, Kind::Run, "ls"), "prompt");
}

// ------------------------------------------------------------ revoke

TEST(PermissionsRevoke, Read) {
  Permissions p = perms({"--allow-read"});
  EXPECT_EQ(p.revoke(Kind::Read, "/tmp"), State::Granted);  // a global grant stays
  EXPECT_EQ(q(p, Kind::Read, "/tmp"), "granted");
  EXPECT_EQ(q(p, Kind::Read), "granted");
  EXPECT_EQ(p.revoke(Kind::Read, std::nullopt), State::Prompt);
  EXPECT_EQ(q(p, Kind::Read, "/tmp"), "prompt");
  EXPECT_EQ(q(p, Kind::Read), "prompt");

  Permissions l = perms({"--allow-read=/tmp,/etc"});
  EXPECT_EQ(l.revoke(Kind::Read, "/tmp/x"), State::Prompt);  // removes the wider /tmp grant
  EXPECT_EQ(q(l, Kind::Read, "/tmp"), "prompt");
  EXPECT_EQ(q(l, Kind::Read, "/etc"), "granted");
  EXPECT_EQ(l.revoke(Kind::Read, std::nullopt), State::Prompt);
  EXPECT_EQ(q(l, Kind::Read, "/etc"), "prompt");
}

TEST(PermissionsRevoke, EnvAndAllowAll) {
  Permissions p = perms({"--allow-env=AWS_*"});
  EXPECT_EQ(p.revoke(Kind::Env, "AWS_X"), State::Prompt);
  EXPECT_EQ(q(p, Kind::Env, "AWS_Y"), "prompt");
  Permissions a = perms({"-A", "--deny-env=SECRET"});
  EXPECT_EQ(q(a, Kind::Env), "granted partial");
  EXPECT_EQ(q(a, Kind::Env, "SECRET"), "denied");
  EXPECT_EQ(q(a, Kind::Env, "HOME"), "granted");
  EXPECT_EQ(a.revoke(Kind::Env, std::nullopt), State::Prompt);
  EXPECT_EQ(q(a, Kind::Env, "HOME"), "prompt");
}

// ------------------------------------------------------------ flags

TEST(PermissionsFlags, ShortForms) {
  Permissions r = perms({"-R"});
  EXPECT_EQ(q(r, Kind::Read), "granted");
  Permissions rv = perms({"-R=/tmp"});
  EXPECT_EQ(q(rv, Kind::Read), "prompt");
  EXPECT_EQ(q(rv, Kind::Read, "/tmp"), "granted");
  Permissions attached = perms({"-R/tmp"});
  EXPECT_EQ(q(attached, Kind::Read), "prompt");
  EXPECT_EQ(q(attached, Kind::Read, "/tmp"), "granted");
  Permissions cluster = perms({"-RW"});
  EXPECT_EQ(q(cluster, Kind::Read), "granted");
  EXPECT_EQ(q(cluster, Kind::Write), "granted");
  Permissions cluster_value = perms({"-RW=/tmp"});
  EXPECT_EQ(q(cluster_value, Kind::Read), "granted");
  EXPECT_EQ(q(cluster_value, Kind::Write, "/tmp"), "granted");
  EXPECT_EQ(q(cluster_value, Kind::Write), "prompt");
  Permissions er = perms({"-ER"});
  EXPECT_EQ(q(er, Kind::Env), "granted");
  EXPECT_EQ(q(er, Kind::Read), "granted");
  Permissions many = perms({"-N", "-E", "-S", "-I"});
  EXPECT_EQ(q(many, Kind::Net), "granted");
  EXPECT_EQ(q(many, Kind::Env), "granted");
  EXPECT_EQ(q(many, Kind::Sys), "granted");
  EXPECT_EQ(q(many, Kind::Import), "granted");
  EXPECT_EQ(q(many, Kind::Run), "prompt");
  EXPECT_EQ(q(many, Kind::Ffi), "prompt");
  EXPECT_EQ(q(many, Kind::Write), "prompt");
  EXPECT_EQ(q(perms({"--allow-all=x"}), Kind::Read), "granted");
  EXPECT_FALSE(perms({"--no-prompt=1"}).prompt());
}

TEST(PermissionsFlags, RepeatedFlagsMerge) {
  Permissions two = perms({"--allow-read=/a", "--allow-read=/b"});
  EXPECT_EQ(q(two, Kind::Read, "/a"), "granted");
  EXPECT_EQ(q(two, Kind::Read, "/b"), "granted");
  EXPECT_EQ(q(two, Kind::Read), "prompt");
  for (Permissions p : {perms({"--allow-read", "--allow-read=/a"}), perms({"--allow-read=/a", "--allow-read"})}) {
    EXPECT_EQ(q(p, Kind::Read, "/a"), "granted");
    EXPECT_EQ(q(p, Kind::Read, "/b"), "prompt");
    EXPECT_EQ(q(p, Kind::Read), "prompt");
  }
  EXPECT_EQ(q(perms({"--allow-env=HOME,HOME"}), Kind::Env, "HOME"), "granted");
}

TEST(PermissionsFlags, NotPermissionFlags) {
  Permissions p;
  for (const char* arg : {"x.ts", "--allow-scripts", "--allow-scripts=npm:a", "--reload", "-q", "-r", "--", "-",
                          "--allow-hrtime", "--deny-all", "-Ax", "-P", "--permission-set", "--allow-readx"}) {
    EXPECT_FALSE(p.parse_flag(arg, kCwd)) << arg;
  }
  for (Kind k : kAllKinds) EXPECT_EQ(q(p, k), "prompt");
}

TEST(PermissionsFlags, Errors) {
  EXPECT_EQ(flag_error({"--allow-read=/a,/b,"}), "Empty path is not allowed");
  EXPECT_EQ(flag_error({"--allow-read="}), "Empty path is not allowed");
  EXPECT_EQ(flag_error({"--allow-read=/a,,b"}), "Empty path is not allowed");
  EXPECT_EQ(flag_error({"--deny-read="}), "Empty path is not allowed");
  EXPECT_EQ(flag_error({"--allow-env="}), "Empty env not allowed");
  EXPECT_EQ(flag_error({"--deny-env="}), "Empty env not allowed");
  EXPECT_EQ(flag_error({"--ignore-env="}), "Empty env not allowed");
  EXPECT_EQ(flag_error({"--allow-env=A=B"}), "invalid env var name: 'A=B'");
  EXPECT_EQ(flag_error({"--allow-run="}), "Empty command name not allowed in --allow-run=...");
  EXPECT_EQ(flag_error({"--deny-run="}), "no error");
  EXPECT_EQ(flag_error({"--allow-net="}), "invalid empty host: ''");
  EXPECT_EQ(flag_error({"--allow-sys="}), "Empty sys not allowed");
  EXPECT_EQ(flag_error({"--deny-sys="}), "Empty sys not allowed");
  EXPECT_EQ(flag_error({"--allow-sys=bogus"}), "unknown sys descriptor: 'bogus'");
  EXPECT_EQ(flag_error({"--deny-sys=bogus"}), "unknown sys descriptor: 'bogus'");
  EXPECT_EQ(flag_error({"--allow-sys=inspector"}), "unknown sys descriptor: 'inspector'");
  EXPECT_EQ(flag_error({"--allow-sys=setuid"}), "unknown sys descriptor: 'setuid'");
  EXPECT_EQ(flag_error({"--allow-net=http://x.com"}),
            "invalid value 'http://x.com': URLs are not supported, only domains and IPs");
  EXPECT_EQ(flag_error({"--deny-net=ftp://x"}), "invalid value 'ftp://x': URLs are not supported, only domains and IPs");
  EXPECT_EQ(flag_error({"--allow-import=https://x"}),
            "invalid value 'https://x': URLs are not supported, only domains and IPs");
  EXPECT_EQ(flag_error({"--allow-net=x.com:"}), "invalid empty port in 'x.com:'");
  EXPECT_EQ(flag_error({"--allow-net=x.com:99999"}), "invalid port in 'x.com:99999': '99999'");
  EXPECT_EQ(flag_error({"--allow-net=::1"}), "invalid empty host: ''");
  EXPECT_EQ(flag_error({"--allow-net=[::1"}), "invalid host: '[::1'");
  EXPECT_EQ(flag_error({"--allow-net=[zz]:80"}), "invalid IPv6 address in '[zz]:80': 'zz'");
  EXPECT_EQ(flag_error({"--allow-net=10.1/16"}), "invalid host '10.1/16': invalid char found in FQDN");
  EXPECT_EQ(flag_error({"--allow-net=10.1.2.3/33"}), "invalid host '10.1.2.3/33': invalid char found in FQDN");
  EXPECT_EQ(flag_error({"--allow-net=unix:relative"}),
            "invalid unix socket: 'unix:relative' (path must be absolute and non-empty)");
  EXPECT_EQ(flag_error({"-A", "--allow-read=/tmp"}), "--allow-all conflicts with --allow-read");
  EXPECT_EQ(flag_error({"-A", "--allow-read"}), "--allow-all conflicts with --allow-read");
  EXPECT_EQ(flag_error({"--allow-net", "--allow-all"}), "--allow-all conflicts with --allow-net");
  EXPECT_EQ(flag_error({"-AR"}), "--allow-all conflicts with --allow-read");
  EXPECT_EQ(flag_error({"-A=x"}), "unexpected argument '-=' found");
  EXPECT_EQ(flag_error({"-A", "--deny-read=/etc"}), "no error");
}

TEST(PermissionsFlags, AFailedFlagIsNotApplied) {
  Permissions p = perms({"--allow-read=/tmp"});
  EXPECT_THROW(p.parse_flag("--allow-read=/a,", kCwd), std::invalid_argument);
  EXPECT_EQ(q(p, Kind::Read, "/tmp"), "granted");
  EXPECT_EQ(q(p, Kind::Read, "/a"), "prompt");
  EXPECT_THROW(p.parse_flag("--allow-all", kCwd), std::invalid_argument);
  EXPECT_FALSE(p.is_allow_all(Kind::Net));
}

// ------------------------------------------------------------ special files / symlink

TEST(PermissionsSpecial, DevProcSysNeedAllAccess) {
  Permissions p = perms({"--allow-read"});
  // Deno.readTextFileSync("/proc/self/status") with --allow-read
  EXPECT_EQ(msg(p.check_special_file("/proc/self/status")),
            "Requires all access to \"/proc/self/status\", run again with the --allow-all flag");
  EXPECT_EQ(msg(p.check_special_file("/proc/self/environ")),
            "Requires all access to \"/proc/self/environ\", run again with the --allow-all flag");
  EXPECT_EQ(msg(p.check_special_file("/sys/kernel/hostname")),
            "Requires all access to \"/sys/kernel/hostname\", run again with the --allow-all flag");
  EXPECT_EQ(msg(p.check_special_file("/dev/tty")),
            "Requires all access to \"/dev/tty\", run again with the --allow-all flag");
  EXPECT_STREQ(p.check_special_file("/dev/tty")->error_class, "NotCapable");
  for (const char* safe : {"/dev/null", "/dev/zero", "/dev/random", "/dev/urandom", "/etc/hostname", "/devx"}) {
    EXPECT_EQ(msg(p.check_special_file(safe)), "OK") << safe;
  }
  auto pipe = [](int fd) { return fd == 5; };
  EXPECT_EQ(msg(p.check_special_file("/dev/fd/5", pipe)), "OK");
  EXPECT_EQ(msg(p.check_special_file("/proc/self/fd/5", pipe)), "OK");
  EXPECT_NE(msg(p.check_special_file("/dev/fd/2", [](int) { return true; })), "OK");
  EXPECT_NE(msg(p.check_special_file("/dev/fd/6", pipe)), "OK");
  EXPECT_EQ(msg(perms({"-A"}).check_special_file("/proc/self/status")), "OK");
  EXPECT_EQ(msg(perms({"-R", "-W", "-N", "-E", "-S", "-I", "--allow-run", "--allow-ffi"})
                    .check_special_file("/proc/self/status")),
            "OK");
  EXPECT_NE(msg(perms({"-A", "--deny-net=x.com"}).check_special_file("/proc/self/status")), "OK");
}

TEST(PermissionsSpecial, SymlinkNeedsUnscopedReadWrite) {
  const std::string sync_msg =
      "Deno.symlinkSync() requires unscoped --allow-read and --allow-write permissions; path-scoped grants (e.g. "
      "--allow-write=<path>) are not supported because a symlink's target is only resolved when the link is traversed";
  auto check = [](Permissions p) { return msg(p.check_unscoped_read_write("Deno.symlinkSync()")); };
  EXPECT_EQ(check(perms({"-R", "-W"})), "OK");
  EXPECT_EQ(check(perms({"-R", "-W", "--deny-read=/nonexist"})), "OK");
  EXPECT_EQ(check(perms({"-R", "-W", "--deny-write=/nonexist"})), "OK");
  EXPECT_EQ(check(perms({"-R", "-W", "--ignore-read=/nonexist"})), "OK");
  EXPECT_EQ(check(perms({"-A", "--deny-read=/nonexist"})), "OK");
  EXPECT_EQ(check(perms({"-R", "-W", "--deny-write"})), sync_msg);
  EXPECT_EQ(check(perms({"-R", "--allow-write=/tmp"})), sync_msg);
  EXPECT_EQ(check(perms({"--allow-read=/tmp,/etc", "--allow-write=/tmp"})), sync_msg);
  EXPECT_EQ(check(perms({"-W"})), sync_msg);
  EXPECT_EQ(msg(perms({"-W"}).check_unscoped_read_write("Deno.symlink()")),
            "Deno.symlink() requires unscoped --allow-read and --allow-write permissions; path-scoped grants (e.g. "
            "--allow-write=<path>) are not supported because a symlink's target is only resolved when the link is "
            "traversed");
}

// ------------------------------------------------------------ helpers

TEST(PermissionsHelpers, NormalizePath) {
  EXPECT_EQ(tp::normalize_path("/etc/../etc/passwd"), "/etc/passwd");
  EXPECT_EQ(tp::normalize_path("/etc/./passwd"), "/etc/passwd");
  EXPECT_EQ(tp::normalize_path("/etc/passwd/"), "/etc/passwd");
  EXPECT_EQ(tp::normalize_path("/etc/."), "/etc");
  EXPECT_EQ(tp::normalize_path("/etc//passwd"), "/etc//passwd");  // left alone
  EXPECT_EQ(tp::normalize_path("//etc"), "//etc");
  EXPECT_EQ(tp::normalize_path("//tmp//x/./y/.."), "/tmp/x");
  EXPECT_EQ(tp::normalize_path("/.."), "/");
  EXPECT_EQ(tp::normalize_path("/"), "/");
  EXPECT_EQ(tp::resolve_path("rel/../x.txt", "/tmp/perm"), "/tmp/perm/x.txt");
  EXPECT_EQ(tp::resolve_path("x", "/tmp/perm/"), "/tmp/perm/x");
  EXPECT_EQ(tp::resolve_path("/abs", "/tmp/perm"), "/abs");
}

TEST(PermissionsHelpers, FindExecutable) {
  auto sh = tp::find_executable("sh", "/nonexistent:/usr/bin:/bin", "/");
  ASSERT_TRUE(sh);
  EXPECT_EQ(*sh, "/usr/bin/sh");
  EXPECT_FALSE(tp::find_executable("surely-not-a-command-xyz", "/usr/bin:/bin", "/"));
  EXPECT_FALSE(tp::find_executable("passwd", "/etc", "/"));  // not executable
  Permissions p;
  p.set_command_resolver(tp::path_resolver("/usr/bin:/bin", "/"));
  ASSERT_TRUE(p.parse_flag("--allow-run=sh", "/"));
  EXPECT_EQ(q(p, Kind::Run, "sh"), "granted");
  EXPECT_EQ(q(p, Kind::Run, "/usr/bin/sh"), "granted");
}

TEST(PermissionsHelpers, NamesAndCopies) {
  for (Kind k : kAllKinds) EXPECT_EQ(tp::kind_from_name(tp::kind_name(k)), k);
  EXPECT_FALSE(tp::kind_from_name("hrtime"));
  EXPECT_STREQ(tp::state_name(State::Ignored), "denied");
  EXPECT_STREQ(tp::state_name(State::DeniedPartial), "denied");
  EXPECT_STREQ(tp::state_name(State::GrantedPartial), "granted");
  Permissions a = perms({"--allow-read=/tmp"});
  Permissions b = a;
  b.revoke(Kind::Read, std::nullopt);
  EXPECT_EQ(q(a, Kind::Read, "/tmp"), "granted");
  EXPECT_EQ(q(b, Kind::Read, "/tmp"), "prompt");
  a = b;
  EXPECT_EQ(q(a, Kind::Read, "/tmp"), "prompt");
}
