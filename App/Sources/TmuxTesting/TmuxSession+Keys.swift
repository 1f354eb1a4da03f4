extension TmuxSession {
    /// Sends keys by their tmux names (`Enter`, `Escape`, `C-z`, `S-Down`, `a`), in order.
    /// - Throws: ``TmuxError/failed(command:status:output:)`` for a name tmux does not know.
    public func press(_ keys: String...) throws {
        try run(["send-keys", "-t", Self.target] + keys)
    }

    /// Sends one key by its tmux name `count` times, in one command (`send-keys -N`): a
    /// burst as fast as a held-down key.
    public func press(_ key: String, times count: Int) throws {
        try run(["send-keys", "-t", Self.target, "-N", "\(count)", key])
    }

    /// Types `text` literally (`send-keys -l`), as a paste would: key names mean nothing here.
    public func type(_ text: String) throws {
        try run(["send-keys", "-t", Self.target, "-l", text])
    }

    /// Types a shell command and Enter. Returns once the keys are sent, not when the command
    /// has run: wait for what it shows.
    public func shell(_ command: String) throws {
        try type(command)
        try press("Enter")
    }
}

extension TmuxSession {
    /// Pastes `text` as a terminal pastes it (`set-buffer`, then `paste-buffer -p`): inside
    /// `ESC[200~` … `ESC[201~` when the program has turned bracketed paste on (mode 2004),
    /// bare otherwise, as tmux decides. Line feeds go as carriage returns, as a terminal
    /// sends them for a pasted line break.
    public func paste(_ text: String) throws {
        let buffer = "e2e-paste"
        try run(["set-buffer", "-b", buffer, "--", text])
        try run(["paste-buffer", "-p", "-d", "-b", buffer, "-t", Self.target])
    }
}
