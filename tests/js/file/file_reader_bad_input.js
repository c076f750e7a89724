// FileReader and ProgressEvent given wrong arguments: TypeErrors that say
// what was wrong, and the reader still works after. Deno's output but for the
// non-Blob argument, where Deno fails inside ("e.stream is not a function").
const show = (name, f) => {
  try {
    f();
    console.log(name, "ok");
  } catch (e) {
    console.log(name, `${e.constructor.name}: ${e.message}`);
  }
};
show("not a Blob", () => new FileReader().readAsArrayBuffer({ size: 1 }));
show("no argument", () => new FileReader().readAsDataURL());
show("other this", () => FileReader.prototype.readAsText.call({}, new Blob(["x"])));
show("readyState of the prototype", () => FileReader.prototype.readyState);
show("ProgressEvent()", () => new ProgressEvent());
show("ProgressEvent loaded NaN", () => console.log(new ProgressEvent("p", { loaded: NaN, total: "7" }).total));
show("FileReader()", () => FileReader());
const fr = new FileReader();
show("after errors", () => fr.readAsText(new Blob(["still works"])));
fr.onload = () => console.log(fr.result);
