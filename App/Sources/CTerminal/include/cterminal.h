#ifndef CTERMINAL_H
#define CTERMINAL_H

#include <stddef.h>

// The C side of TerminalKit: character widths, and the terminal state that must be put
// back from a signal handler (where only async-signal-safe calls are allowed).

/// Column width of one Unicode scalar: 0 (combining), 1 or 2, or -1 if not printable.
/// Uses wcwidth() in a UTF-8 locale, and a built-in table of wide ranges otherwise.
int cwidth_scalar(unsigned int scalar);

/// Switches LC_CTYPE to the environment's locale, or to C.UTF-8 if that is not UTF-8.
/// Returns 1 if a UTF-8 locale is in effect afterwards (0: the built-in table is used).
int cwidth_setup_locale(void);

/// Saves the terminal attributes of `tty_fd` and the bytes that put the screen back
/// (leave the alternate screen, show the cursor, reset colours), and installs the
/// handlers: SIGTSTP, SIGCONT, SIGTERM, SIGHUP, SIGINT, SIGWINCH, SIGQUIT write their
/// number as one byte to `pipe_fd` (non-blocking); crash signals (SIGSEGV, SIGBUS,
/// SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS) put the terminal back and re-raise.
/// SIGPIPE is ignored. Returns 0, or -1 with errno set.
int cterm_install(int tty_fd, int pipe_fd, const char *restore_bytes, size_t restore_length);

/// Puts the terminal in raw mode (no echo, no line editing, no signals from keys).
/// Returns 0, or -1 with errno set.
int cterm_enter_raw(void);

/// Writes the restore bytes and puts back the saved attributes. Async-signal-safe and
/// idempotent. Does nothing before cterm_install.
void cterm_restore(void);

/// Puts the terminal back, stops the process with SIGTSTP's default action, and returns
/// when the process is continued (the handlers are installed again). The caller enters
/// raw mode and redraws afterwards.
void cterm_suspend(void);

/// While `on`, SIGTERM, SIGHUP and SIGINT put the terminal back and end the process at
/// once (128 + the signal's number), and Ctrl-C, Ctrl-\ and Ctrl-Z send signals: for the
/// launch, before the run loop reads the signal pipe or the keys. Off restores raw input.
void cterm_set_launching(int on);

/// Restores the terminal and the default signal dispositions.
void cterm_uninstall(void);

/// Writes the size of the terminal on `fd`. Returns 0, or -1 with errno set.
int cterm_window_size(int fd, int *rows, int *columns);

#endif
