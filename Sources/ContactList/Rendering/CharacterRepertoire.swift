/// The characters a terminal can draw, decided by its locale: a UTF-8 locale draws
/// Unicode; any other (`LANG=C`) only ASCII, because ncursesw cannot convert the rest.
public enum CharacterRepertoire: Hashable, Sendable {
    case unicode
    case ascii
}
