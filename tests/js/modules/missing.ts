console.log("never printed");
import "./lib/nothing_here.ts";
