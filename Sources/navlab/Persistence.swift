import Foundation
import NavLabCommands
import NavLabStore

/// Where the simulated device keeps each app's archive and defaults between runs of NavLab.
enum Persistence {
    /// A session whose apps' data comes from `$NAVLAB_HOME` (default `~/.navlab`) and is
    /// written back after every change; or, when `persist` is false, a freshly installed app
    /// in memory (what `run` and `check` use, so a script gives the same result every time).
    static func session(persist: Bool) -> Session {
        guard persist else { return Session() }
        return session(startingFrom: AppStore.defaultHome())
    }

    /// A session whose apps start as they are in `start` (a journal's copy of the device, or
    /// `$NAVLAB_HOME` itself) and are written to `$NAVLAB_HOME` from then on.
    static func session(startingFrom start: String) -> Session {
        let store = AppStore(home: AppStore.defaultHome())
        let session = Session(state: AppStore(home: start).initialState())
        store.attach(to: session) { message in
            FileHandle.standardError.write(Data(("navlab: " + message + "\n").utf8))
        }
        return session
    }
}
