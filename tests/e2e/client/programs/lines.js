// Many lines on stdout: `| head -1` closes the pipe early.
for (let i = 1; i <= 2000; i++) console.log(`line ${i}`);
