// A .cts main module: types erased as in .ts.
const label: string = "cts";
function twice<T>(x: T): [T, T] { return [x, x]; }
console.log(label, twice<number>(3));
