throw new Error("boom");
