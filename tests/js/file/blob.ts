// How Blob and File print (their behaviour: tests/js/unit/blob_test.ts).
console.log(new Blob(["abc"], { type: "Text/Plain" }));
console.log(new File(["abc"], "f.txt", { type: "text/plain", lastModified: 5 }));
console.log([new Blob([])], { f: new File([], "") });
console.log(new File(["abc"], "f.txt", { type: "text/plain" }).slice(1));
