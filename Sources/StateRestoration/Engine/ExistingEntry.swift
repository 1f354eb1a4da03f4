/// What a restore pass knows of a path before it restores it (R13c): the object that
/// exists there, and, for the path of a first occurrence, how many siblings share its
/// identifier so far.
struct ExistingEntry {
    var object: (any RestorableObject)?
    var occurrences = 0
}
