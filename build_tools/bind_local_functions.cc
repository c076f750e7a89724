// bind-local-functions IN OUT: copies the shared library IN to OUT with every
// dynamic relocation against a function that IN itself defines turned into a
// relative one. This is what linking IN with `-Bsymbolic-functions` would
// have done; Debian's libnode108 was not linked that way, so the dynamic
// loader otherwise looks up ~52,000 V8 and Node function names by hash at
// every start, which is most of an in-process run's start-up time.
//
// Functions are bound as -Bsymbolic-functions does: they are code, and
// binding a reference to IN's own definition instead of an equal copy
// elsewhere changes nothing but the time the loader spends.
//
// Objects (vtables, typeinfo, static data) must stay one copy per process.
// A strong (STB_GLOBAL) object is defined once, in IN; only an executable's
// copy relocation could move it, and the project builds with
// -mno-direct-extern-access so that its executables make none (the test
// build.bound_libraries checks it). Those are bound too.
// Vague-linkage objects (STB_WEAK, STB_GNU_UNIQUE: vtables, static locals of
// inline functions, template statics) may be defined again by an executable
// or another library from the same header, and then the first definition in
// the process wins for everyone: those stay dynamic. Except V8's and Node's
// internal ones (v8::internal, v8::base, node): no public header defines
// them, so IN holds the only copy, and binding them skips ~4,500 look-ups,
// half of them through the loader's table of unique symbols (~3 ms of a
// start). The check below makes sure no executable defines one.
//
// `bind-local-functions --check EXE...` exits 1 if an executable has copy
// relocations or exports such an internal object of its own.
//
// x86-64 ELF only; anything else is reported and refused. A library not
// linked with -z now is copied unchanged.
#include <elf.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string_view>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

struct Library {
  std::vector<char> bytes;

  template <typename T>
  T* at(uint64_t offset, uint64_t count = 1) {
    if (offset > bytes.size() || count * sizeof(T) > bytes.size() - offset)
      throw std::runtime_error("truncated file (offset " + std::to_string(offset) + ")");
    return reinterpret_cast<T*>(bytes.data() + offset);
  }

  const Elf64_Ehdr& header() { return *at<Elf64_Ehdr>(0); }

  std::vector<Elf64_Phdr> segments() {
    const Elf64_Ehdr& h = header();
    Elf64_Phdr* first = at<Elf64_Phdr>(h.e_phoff, h.e_phnum);
    return {first, first + h.e_phnum};
  }

  // File offset of a virtual address, through the PT_LOAD segments.
  uint64_t offset_of(uint64_t vaddr) {
    for (const Elf64_Phdr& p : segments())
      if (p.p_type == PT_LOAD && vaddr >= p.p_vaddr && vaddr < p.p_vaddr + p.p_filesz)
        return vaddr - p.p_vaddr + p.p_offset;
    throw std::runtime_error("address " + std::to_string(vaddr) + " is not in the file");
  }
};

struct Tables {
  uint64_t symtab = 0, strtab = 0, strsz = 0, rela = 0, relasz = 0, jmprel = 0, pltrelsz = 0;
  int64_t pltrel = DT_RELA;
};

Tables dynamic_tables(Library& lib) {
  for (const Elf64_Phdr& p : lib.segments()) {
    if (p.p_type != PT_DYNAMIC) continue;
    Tables t;
    Elf64_Dyn* dyn = lib.at<Elf64_Dyn>(p.p_offset, p.p_filesz / sizeof(Elf64_Dyn));
    for (; dyn->d_tag != DT_NULL; ++dyn) {
      switch (dyn->d_tag) {
        case DT_SYMTAB: t.symtab = dyn->d_un.d_ptr; break;
        case DT_STRTAB: t.strtab = dyn->d_un.d_ptr; break;
        case DT_STRSZ: t.strsz = dyn->d_un.d_val; break;
        case DT_RELA: t.rela = dyn->d_un.d_ptr; break;
        case DT_RELASZ: t.relasz = dyn->d_un.d_val; break;
        case DT_JMPREL: t.jmprel = dyn->d_un.d_ptr; break;
        case DT_PLTRELSZ: t.pltrelsz = dyn->d_un.d_val; break;
        case DT_PLTREL: t.pltrel = static_cast<int64_t>(dyn->d_un.d_val); break;
      }
    }
    return t;
  }
  throw std::runtime_error("no dynamic section");
}

// The loader resolves PLT relocations lazily unless told to bind now; a
// relative relocation is only valid in .rela.plt when it is processed eagerly.
bool binds_now(Library& lib) {
  for (const Elf64_Phdr& p : lib.segments()) {
    if (p.p_type != PT_DYNAMIC) continue;
    for (Elf64_Dyn* d = lib.at<Elf64_Dyn>(p.p_offset); d->d_tag != DT_NULL; ++d) {
      if (d->d_tag == DT_FLAGS && (d->d_un.d_val & DF_BIND_NOW)) return true;
      if (d->d_tag == DT_FLAGS_1 && (d->d_un.d_val & DF_1_NOW)) return true;
    }
  }
  return false;
}

struct Counts {
  size_t bound = 0, symbolic = 0;
};

// A mangled name of V8's or Node's internals: an entity, vtable, guard
// variable or function-local static in namespace v8::internal, v8::base or node.
bool internal_name(std::string_view name) {
  if (!name.starts_with("_Z")) return false;
  name.remove_prefix(2);
  for (std::string_view kind : {"TV", "GVZ", "GV", "Z"})
    if (name.starts_with(kind)) {
      name.remove_prefix(kind.size());
      break;
    }
  for (std::string_view ns : {"N2v88internal", "N2v84base", "N4node"})
    if (name.starts_with(ns)) return true;
  return false;
}

// The dynamic symbol table's names.
struct Names {
  Library& lib;
  uint64_t offset, size;
  std::string_view of(const Elf64_Sym& s) {
    if (s.st_name >= size) throw std::runtime_error("symbol name out of the string table");
    const char* start = lib.at<char>(offset + s.st_name);
    return {start, strnlen(start, size - s.st_name)};
  }
};

void bind_table(Library& lib, uint64_t symtab, Names& names, uint64_t vaddr, uint64_t size, Counts& n) {
  if (vaddr == 0 || size == 0) return;
  Elf64_Rela* rela = lib.at<Elf64_Rela>(lib.offset_of(vaddr), size / sizeof(Elf64_Rela));
  for (size_t i = 0; i < size / sizeof(Elf64_Rela); ++i) {
    Elf64_Rela& r = rela[i];
    uint32_t type = ELF64_R_TYPE(r.r_info);
    uint32_t index = ELF64_R_SYM(r.r_info);
    if (index == 0) continue;
    ++n.symbolic;
    if (type != R_X86_64_64 && type != R_X86_64_GLOB_DAT && type != R_X86_64_JUMP_SLOT) continue;
    const Elf64_Sym& s = *lib.at<Elf64_Sym>(symtab + uint64_t{index} * sizeof(Elf64_Sym));
    int binding = ELF64_ST_BIND(s.st_info);
    if (s.st_shndx == SHN_UNDEF) continue;
    bool function = ELF64_ST_TYPE(s.st_info) == STT_FUNC && (binding == STB_GLOBAL || binding == STB_WEAK);
    bool object = ELF64_ST_TYPE(s.st_info) == STT_OBJECT;
    bool strong_object = object && binding == STB_GLOBAL;
    bool internal_object = object && (binding == STB_WEAK || binding == STB_GNU_UNIQUE) && internal_name(names.of(s));
    if (!function && !strong_object && !internal_object) continue;
    // S + A for R_X86_64_64; S for GLOB_DAT and JUMP_SLOT. The loader adds
    // the load address to a relative relocation's addend.
    r.r_addend = static_cast<int64_t>(s.st_value) + (type == R_X86_64_64 ? r.r_addend : 0);
    r.r_info = ELF64_R_INFO(0, R_X86_64_RELATIVE);
    ++n.bound;
  }
}

Library read_elf(const char* path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read the file");
  Library lib{{std::istreambuf_iterator<char>(in), {}}};
  const Elf64_Ehdr& h = lib.header();
  if (std::memcmp(h.e_ident, ELFMAG, SELFMAG) != 0 || h.e_ident[EI_CLASS] != ELFCLASS64 ||
      h.e_machine != EM_X86_64 || h.e_type != ET_DYN)
    throw std::runtime_error("not an x86-64 ELF shared object or PIE");
  return lib;
}

size_t copy_relocations(Library& exe) {
  Tables t = dynamic_tables(exe);
  if (t.rela == 0) return 0;
  Elf64_Rela* rela = exe.at<Elf64_Rela>(exe.offset_of(t.rela), t.relasz / sizeof(Elf64_Rela));
  size_t n = 0;
  for (size_t i = 0; i < t.relasz / sizeof(Elf64_Rela); ++i)
    if (ELF64_R_TYPE(rela[i].r_info) == R_X86_64_COPY) ++n;
  return n;
}

// The first internal object (internal_name) the executable defines and
// exports, or "": the bound library would keep using its own copy of it.
std::string exported_internal_object(Library& exe) {
  const Elf64_Ehdr& h = exe.header();
  Elf64_Shdr* sections = exe.at<Elf64_Shdr>(h.e_shoff, h.e_shnum);
  for (int i = 0; i < h.e_shnum; ++i) {
    const Elf64_Shdr& table = sections[i];
    if (table.sh_type != SHT_DYNSYM || table.sh_link >= h.e_shnum) continue;
    Names names{exe, sections[table.sh_link].sh_offset, sections[table.sh_link].sh_size};
    size_t count = table.sh_size / sizeof(Elf64_Sym);
    Elf64_Sym* symbols = exe.at<Elf64_Sym>(table.sh_offset, count);
    for (size_t k = 0; k < count; ++k)
      if (symbols[k].st_shndx != SHN_UNDEF && ELF64_ST_TYPE(symbols[k].st_info) == STT_OBJECT &&
          internal_name(names.of(symbols[k])))
        return std::string(names.of(symbols[k]));
  }
  return "";
}

int check(int argc, char** argv) {
  int status = 0;
  for (int i = 2; i < argc; ++i) {
    try {
      Library exe = read_elf(argv[i]);
      if (size_t n = copy_relocations(exe)) {
        std::fprintf(stderr, "%s: %zu copy relocations; build with -mno-direct-extern-access\n", argv[i], n);
        status = 1;
      }
      if (std::string name = exported_internal_object(exe); !name.empty()) {
        std::fprintf(stderr, "%s: defines %s, which the bound libnode keeps its own copy of\n", argv[i],
                     name.c_str());
        status = 1;
      }
    } catch (const std::exception& e) {
      std::fprintf(stderr, "bind-local-functions: %s: %s\n", argv[i], e.what());
      status = 1;
    }
  }
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "--check") == 0) return check(argc, argv);
  if (argc != 3) {
    std::fprintf(stderr, "usage: bind-local-functions IN.so OUT.so | --check EXE...\n");
    return 2;
  }
  try {
    Library lib = read_elf(argv[1]);
    Tables t = dynamic_tables(lib);
    if (t.pltrel != DT_RELA) throw std::runtime_error("PLT relocations are not RELA");
    // .rela.dyn is processed at load time. Without -z now the loader would
    // meet relative relocations in .rela.plt lazily, which it cannot do.
    Counts n;
    uint64_t symtab = lib.offset_of(t.symtab);
    Names names{lib, lib.offset_of(t.strtab), t.strsz};
    bind_table(lib, symtab, names, t.rela, t.relasz, n);
    if (binds_now(lib)) bind_table(lib, symtab, names, t.jmprel, t.pltrelsz, n);

    std::string tmp = std::string(argv[2]) + ".tmp";
    {
      std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
      out.write(lib.bytes.data(), static_cast<std::streamsize>(lib.bytes.size()));
      if (!out.flush()) throw std::runtime_error("cannot write " + tmp);
    }
    std::filesystem::permissions(tmp, std::filesystem::perms(0755));
    std::filesystem::rename(tmp, argv[2]);
    std::printf("bind-local-functions: bound %zu of %zu symbolic relocations in %s\n", n.bound,
                n.symbolic, argv[2]);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bind-local-functions: %s: %s\n", argv[1], e.what());
    return 1;
  }
}
