import Foundation
import NavLabCore

/// Why a file could not be read or written, in plain words: "is a directory", "permission
/// denied", "no such folder" — never Foundation's `Error Domain=NSCocoaErrorDomain Code=512 …`.
struct FileError: Error, CustomStringConvertible, LocalizedError {
    let reason: String
    init(_ reason: String) { self.reason = reason }
    var description: String { reason }
    var errorDescription: String? { reason }

    /// The reason for an `errno` from a system call on a file.
    static func reason(errno code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "permission denied"
        case ENOENT: return "no such folder"
        case EISDIR: return "is a directory"
        case ENOTDIR: return "a part of the path is not a folder"
        case ENOSPC: return "no space left on the disk"
        case EDQUOT: return "over the disk quota"
        case EROFS: return "the disk is read-only"
        case ENAMETOOLONG: return "the name is too long"
        case EEXIST: return "already exists"
        default: return String(cString: strerror(code))
        }
    }

    /// The plain reason of any error a file operation threw (Foundation's included).
    static func plain(_ error: Error) -> String {
        switch error {
        case let e as FileError: return e.reason
        case let e as NavLabError: return e.message
        default: break
        }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return reason(errno: Int32(ns.code)) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return reason(errno: Int32(underlying.code))
        }
        if ns.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: ns.code) {
            case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file"
            case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
            case .fileWriteOutOfSpace: return "no space left on the disk"
            case .fileWriteVolumeReadOnly: return "the disk is read-only"
            case .fileWriteFileExists: return "already exists"
            case .fileReadInapplicableStringEncoding, .fileReadCorruptFile: return "not UTF-8 text"
            default: break
            }
            if let description = ns.userInfo[NSLocalizedDescriptionKey] as? String { return description }
        }
        return "\(error)"
    }

    /// `path` as a message shows it: quoted when it is empty or has spaces at its ends.
    static func shown(_ path: String) -> String {
        path.isEmpty || path.first == " " || path.last == " " ? "\"\(path)\"" : path
    }
}
