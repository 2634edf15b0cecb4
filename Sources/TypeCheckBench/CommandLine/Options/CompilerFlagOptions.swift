/// `--Xfrontend FLAG` and `--Xswiftc FLAG`: flags every compile of `bench run` gets.
struct CompilerFlagOptions: Sendable {
  var frontend = Option<String>(
    "--Xfrontend", value: "FLAG", repeatable: true, help: "Pass FLAG to the frontend (repeatable).")
  var swiftc = Option<String>("--Xswiftc", value: "FLAG", repeatable: true, help: "Pass FLAG to swiftc (repeatable).")
}
