const e = new Error("outer", { cause: new Error("inner") });
throw e;
