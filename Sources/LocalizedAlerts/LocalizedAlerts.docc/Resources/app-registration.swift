import Foundation
import UIKit

// In the app: send the device's languages with its token, and again when they change.
func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
    let registration = [
        "deviceToken": deviceToken.map { String(format: "%02x", $0) }.joined(),
        "preferredLanguages": Locale.preferredLanguages,   // e.g. ["fr-CA", "en-CA"], best first
    ] as [String: Any]
    upload(registration)   // to your provider, which stores both
}
