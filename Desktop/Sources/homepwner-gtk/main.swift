import HomepwnerDesktop

#if canImport(Glibc)
    import Glibc
#endif

exit(MainActor.assumeIsolated { DesktopCommand.main() })
