import "./lib/data.json" with { type: "json" };
console.log("bare import with attributes");
