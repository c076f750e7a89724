import data from "./lib/data.json";
console.log(data);
