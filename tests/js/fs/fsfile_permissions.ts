// Deno.open checks read access for `read` and write access for `write` and
// `append`, in C++ before the file is touched; special files need every permission.
const show = async (label: string, f: () => unknown) => {
  try {
    console.log(label, await f());
  } catch (e) {
    console.log(label, (e as Error).name, (e as Error).message);
  }
};
const self = "fsfile_permissions.ts";
await show("read", () => Deno.openSync(self).close());
await show("read async", async () => (await Deno.open(self)).close());
await show("write", () => Deno.openSync(self, { write: true }));
await show("append", () => Deno.openSync(self, { append: true }));
await show("create", () => Deno.createSync(self));
await show("create async", () => Deno.create(self));
await show("readwrite", () => Deno.openSync(self, { read: true, write: true }));
await show("write async", () => Deno.open(self, { write: true }));
await show("other file", () => Deno.openSync("fsfile.ts"));
await show("other file async", () => Deno.open("../fs/fsfile.ts"));
await show("proc", () => Deno.openSync("/proc/self/status"));
await show("empty", () => Deno.openSync(""));
