Promise.reject(new TypeError("nope"));
