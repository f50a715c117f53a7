// defaults-soak: every feature of the store at once, for a given time, with a watchdog and exact invariants.
//
//   swift run defaults-soak [--seconds N] [--threads N] [--seed N]
//
// It restarts itself with a temporary settings home (Linux: XDG_CONFIG_HOME, removed afterwards), so it never
// touches real settings, and reads the run's standard error to count the store's repair warnings. It prints one
// summary line and exits 0 when nothing hung, every invariant held and no repair warning was printed; 1 otherwise;
// 2 on a hang (after printing each thread's last operation, and backtraces where gdb exists).
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())

switch arguments.first {
case "--child-writer":
    exit(runChildWriter(Array(arguments.dropFirst())))
case "--child-reader":
    exit(runChildReader(Array(arguments.dropFirst())))
case "--run":
    exit(runSoak(SoakOptions(Array(arguments.dropFirst()))))
default:
    exit(launch(arguments))
}
