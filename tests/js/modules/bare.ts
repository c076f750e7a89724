import "chalk";
