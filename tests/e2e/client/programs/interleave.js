// stdout and stderr in turn: with 2>&1 they must come out in this order.
for (let i = 1; i <= 5; i++) {
  console.log(`out ${i}`);
  console.error(`err ${i}`);
}
