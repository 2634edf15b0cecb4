import TypeCheckBench

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(BenchCommandLine.main(Array(CommandLine.arguments.dropFirst())))
