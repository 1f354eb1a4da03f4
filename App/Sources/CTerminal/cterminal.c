#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include "cterminal.h"
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

// MARK: Widths

static volatile int utf8_locale = 0;

// East Asian Wide and Fullwidth ranges and common emoji, for when no UTF-8 locale exists.
static const unsigned int wide_ranges[][2] = {
    {0x1100, 0x115F}, {0x231A, 0x231B}, {0x2329, 0x232A}, {0x23E9, 0x23EC}, {0x2E80, 0x303E},
    {0x3041, 0x33FF}, {0x3400, 0x4DBF}, {0x4E00, 0x9FFF}, {0xA000, 0xA4CF}, {0xA960, 0xA97F},
    {0xAC00, 0xD7A3}, {0xF900, 0xFAFF}, {0xFE10, 0xFE19}, {0xFE30, 0xFE6F}, {0xFF00, 0xFF60},
    {0xFFE0, 0xFFE6}, {0x1F300, 0x1F64F}, {0x1F900, 0x1F9FF}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
};

static int table_width(unsigned int scalar) {
    if (scalar == 0) return 0;
    if (scalar < 0x20 || (scalar >= 0x7F && scalar < 0xA0)) return -1;
    if ((scalar >= 0x0300 && scalar <= 0x036F) || scalar == 0x200B || scalar == 0x200D ||
        (scalar >= 0xFE00 && scalar <= 0xFE0F)) {
        return 0;
    }
    for (size_t i = 0; i < sizeof wide_ranges / sizeof wide_ranges[0]; i++) {
        if (scalar >= wide_ranges[i][0] && scalar <= wide_ranges[i][1]) return 2;
    }
    return 1;
}

int cwidth_scalar(unsigned int scalar) {
    if (!utf8_locale) return table_width(scalar);
    return wcwidth((wchar_t)scalar);
}

int cwidth_setup_locale(void) {
    setlocale(LC_CTYPE, "");
    const char *codeset = nl_langinfo(CODESET);
    if (codeset != NULL && strcmp(codeset, "UTF-8") == 0) {
        utf8_locale = 1;
        return 1;
    }
    if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) {
        utf8_locale = 0;
        return 0;
    }
    codeset = nl_langinfo(CODESET);
    utf8_locale = codeset != NULL && strcmp(codeset, "UTF-8") == 0;
    return utf8_locale;
}

// MARK: Terminal state for signal handlers
//
// Everything a handler touches is static storage written before the handlers are
// installed, and only async-signal-safe calls (write, tcsetattr, sigaction, raise) are
// made from a handler.

static volatile sig_atomic_t installed = 0;
static volatile sig_atomic_t raw_active = 0;
static int saved_tty_fd = -1;
static int saved_pipe_fd = -1;
static struct termios saved_termios;
static char restore_buffer[256];
static size_t restore_buffer_length = 0;

static const int forwarded_signals[] = {SIGTSTP, SIGCONT, SIGTERM, SIGHUP, SIGINT, SIGWINCH, SIGQUIT};
// Every other signal whose default action ends the process: the handler puts the terminal
// back, then the signal is raised again with its default action, so the process dies of
// it as it would have (the shell reports 128 + its number). Crashes, and signals such as
// SIGUSR1 or SIGALRM that the app does not use.
static const int crash_signals[] = {
    SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS,
    SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
#ifdef SIGIO
    SIGIO,
#endif
#ifdef SIGPWR
    SIGPWR,
#endif
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
};

// Writes without ever blocking for long: a terminal whose reader has stopped (a tmux
// server shutting down) must not keep the process from exiting. Gives up after ~200 ms.
static void write_briefly(int fd, const char *bytes, size_t length) {
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    int waits = 0;
    while (length > 0) {
        ssize_t count = write(fd, bytes, length);
        if (count < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN && waits++ < 20) {
                struct pollfd entry = {.fd = fd, .events = POLLOUT, .revents = 0};
                poll(&entry, 1, 10);
                continue;
            }
            break;
        }
        bytes += count;
        length -= (size_t)count;
    }
    if (flags >= 0) fcntl(fd, F_SETFL, flags);
}

void cterm_restore(void) {
    if (!installed) return;
    int saved_errno = errno;
    if (raw_active) {
        write_briefly(saved_tty_fd, restore_buffer, restore_buffer_length);
        // TCSANOW, not TCSAFLUSH: waiting for output to drain would hang forever on a
        // terminal that is going away.
        tcsetattr(saved_tty_fd, TCSANOW, &saved_termios);
        raw_active = 0;
    }
    errno = saved_errno;
}

// True while the app launches: its run loop is not running yet, so a byte in the pipe
// would wait for the whole launch (a slow restore, a slow database). A terminating signal
// then ends the process at once, the terminal put back first.
static volatile sig_atomic_t launching = 0;

static void forward_handler(int signal_number) {
    if (launching && (signal_number == SIGTERM || signal_number == SIGHUP || signal_number == SIGINT)) {
        cterm_restore();
        _exit(128 + signal_number);
    }
    int saved_errno = errno;
    unsigned char byte = (unsigned char)signal_number;
    if (saved_pipe_fd >= 0) {
        ssize_t ignored = write(saved_pipe_fd, &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

static void crash_handler(int signal_number) {
    cterm_restore();
    // SA_RESETHAND put the default action back; re-raise so the process dies as it would have.
    raise(signal_number);
}

static void install_forwarding(int signal_number) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = forward_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(signal_number, &action, NULL);
}

static void restore_at_exit(void) { cterm_restore(); }

int cterm_install(int tty_fd, int pipe_fd, const char *restore_bytes, size_t restore_length) {
    if (tcgetattr(tty_fd, &saved_termios) != 0) return -1;
    if (restore_length > sizeof restore_buffer) restore_length = sizeof restore_buffer;
    memcpy(restore_buffer, restore_bytes, restore_length);
    restore_buffer_length = restore_length;
    saved_tty_fd = tty_fd;
    saved_pipe_fd = pipe_fd;
    static int registered_at_exit = 0;
    if (!registered_at_exit) {
        atexit(restore_at_exit);
        registered_at_exit = 1;
    }
    installed = 1;
    for (size_t i = 0; i < sizeof forwarded_signals / sizeof forwarded_signals[0]; i++) {
        install_forwarding(forwarded_signals[i]);
    }
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = crash_handler;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESETHAND | SA_NODEFER;
        sigaction(crash_signals[i], &action, NULL);
    }
    signal(SIGPIPE, SIG_IGN);
    // A blocked mask survives exec: a parent that blocked these (a test runner's thread,
    // a service manager) would otherwise keep them from ever arriving.
    sigset_t handled;
    sigemptyset(&handled);
    for (size_t i = 0; i < sizeof forwarded_signals / sizeof forwarded_signals[0]; i++) {
        sigaddset(&handled, forwarded_signals[i]);
    }
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
        sigaddset(&handled, crash_signals[i]);
    }
    sigprocmask(SIG_UNBLOCK, &handled, NULL);
    return 0;
}

int cterm_enter_raw(void) {
    if (!installed) {
        errno = EBADF;
        return -1;
    }
    struct termios raw = saved_termios;
    raw.c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
    raw.c_oflag &= ~(tcflag_t)(OPOST);
    raw.c_cflag |= CS8;
    raw.c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN | ISIG);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    if (tcsetattr(saved_tty_fd, TCSANOW, &raw) != 0) return -1;
    raw_active = 1;
    return 0;
}

void cterm_set_launching(int on) {
    launching = on ? 1 : 0;
    if (!installed || !raw_active) return;
    // While launching, Ctrl-C, Ctrl-\ and Ctrl-Z are signals again (ISIG): nothing reads
    // keys until the run loop starts.
    struct termios modes;
    if (tcgetattr(saved_tty_fd, &modes) != 0) return;
    if (on) {
        modes.c_lflag |= ISIG;
    } else {
        modes.c_lflag &= ~(tcflag_t)ISIG;
    }
    tcsetattr(saved_tty_fd, TCSANOW, &modes);
}

void cterm_suspend(void) {
    cterm_restore();
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(SIGTSTP, &action, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(SIGTSTP);
    // Stopped here until SIGCONT.
    if (installed) install_forwarding(SIGTSTP);
}

void cterm_uninstall(void) {
    cterm_restore();
    if (!installed) return;
    for (size_t i = 0; i < sizeof forwarded_signals / sizeof forwarded_signals[0]; i++) {
        signal(forwarded_signals[i], SIG_DFL);
    }
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
        signal(crash_signals[i], SIG_DFL);
    }
    installed = 0;
    saved_pipe_fd = -1;
}

int cterm_window_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}
