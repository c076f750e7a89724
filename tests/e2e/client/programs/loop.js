// Says it has started, then never yields.
console.log("started");
while (true) {}
