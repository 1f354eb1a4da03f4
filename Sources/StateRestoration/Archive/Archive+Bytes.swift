extension Archive {
    /// The archive written out in the format, as a save would write it: the string table
    /// is made anew, and the metadata is the five fields ``ArchiveMetadata`` holds.
    ///
    /// Each record is written under its parent index, with the last component of its path
    /// as identifier and occurrence. Nothing is checked here: reading the bytes back is the
    /// check (an empty identifier, say, or a reference past the last record).
    ///
    /// Tools and tests use it to write an archive they changed, with a valid checksum.
    public func encodedBytes() -> [UInt8] {
        let builder = ArchiveBuilder(capacity: max(byteCount, 4096))
        for entry in applicationState { builder.entry(key: entry.key, value: entry.value) }
        builder.endApplicationState()
        for record in records {
            let last = record.path.last
            builder.beginRecord(
                parentIndex: record.parentIndex, identifier: last?.identifier ?? "",
                occurrence: last?.occurrence ?? 0, typeName: record.typeName,
                restorationClassName: record.restorationClassName, stateVersion: record.stateVersion)
            for entry in record.entries { builder.entry(key: entry.key, value: entry.value) }
            builder.endRecord()
        }
        return builder.finish(metadata: metadata)
    }
}
