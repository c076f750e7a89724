// open_errors.ts with every permission: errors name their operation.
import "./open_errors.ts";
