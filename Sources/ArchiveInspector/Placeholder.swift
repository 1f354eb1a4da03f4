// Placeholder: this module is filled in by its own issue.
enum ArchiveInspectorPlaceholder {}
