// Starts libFuzzer with this process's arguments; it calls `fuzzOne` (Harness.swift) per input.
import CLibFuzzer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOne(data, size) })
