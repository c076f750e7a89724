setTimeout(() => { throw new Error("late") }, 1);
