const keep = [];
console.log("allocating");
for (;;) keep.push(new Array(100000).fill({ x: 1 }));
