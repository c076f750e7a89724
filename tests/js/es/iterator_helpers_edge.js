"use strict";
// Iterator helper cases where Deno 2.9.6 (V8 15.0) does not follow the
// specification, so iterator_helpers_edge.js.out was written from the spec
// steps instead of from Deno's output:
//
// 1. Iterator.prototype.take/drop ( limit ) with a limit of 2 ** 53 or more:
//    the steps are ToNumber(limit), RangeError if NaN, ToIntegerOrInfinity,
//    RangeError if negative — there is no upper bound, so these limits are
//    valid. Deno throws a RangeError for any finite limit above 2 ** 53 - 1.

function attempt(f) {
  try {
    return JSON.stringify(f());
  } catch (e) {
    return e.constructor.name;
  }
}

for (const limit of [2 ** 53, 2 ** 64, 1e300, Number.MAX_VALUE]) {
  console.log(String(limit), attempt(() => [1, 2].values().take(limit).toArray()), attempt(() => [1, 2].values().drop(limit).toArray()));
}
