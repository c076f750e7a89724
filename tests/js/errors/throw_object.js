throw {a: 1};
