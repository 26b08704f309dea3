/// The fixture's code: the plugin lints the tables beside it.
public enum Relay {
    public static let tableName = "Localizable"
}
