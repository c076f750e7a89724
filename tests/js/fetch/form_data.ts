// How FormData and its File entries print (FormData's behaviour: tests/js/unit/form_data_test.ts).
const fd = new FormData();
fd.append("b", new Blob(["x"], { type: "text/plain" }));
console.log("blob entry", fd.get("b"));
fd.delete("b");
fd.append("a", "3");
fd.set("c", new File(["y"], "y.txt"), "z.txt");
fd.append("x\r\ny", "a\rb\nc\r\n");
fd.append('q"', new File(["bin\r\n"], 'f"\n.bin', { type: "application/x-thing" }));
console.log(fd);
console.log(new FormData());
