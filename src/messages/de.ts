import type { Messages } from "./message-types.js";

export const de: Messages = {
  common: {
    or: "oder",
    emailLabel: "E-Mail-Adresse",
    emailPlaceholder: "email@example.com",
    signInWith: (provider) => `Mit ${provider} anmelden`,
    backToSignIn: "Zurück zur Anmeldung",
    backHome: "Zur Startseite",
    signInWithEmail: "Mit E-Mail anmelden",
  },
  signIn: {
    title: "Anmelden",
    heading: "Anmelden",
    passkeyButton: "Mit einem Passkey anmelden",
    passkeyEmailLabel: "E-Mail-Adresse (nur für ein neues Konto)",
    passkeyFailed: "Der Passkey konnte nicht verwendet werden. Versuchen Sie es erneut oder melden Sie sich auf andere Weise an.",
    showPassword: "Anzeigen",
    showPasswordLabel: "Passwort anzeigen",
    signInWithCredentials: "Anmelden",
    usernameLabel: "Benutzername",
    passwordLabel: "Passwort",
    passkeyIpAddress:
      "Passkeys funktionieren nicht unter einer IP-Adresse wie 127.0.0.1. Öffnen Sie diese Seite stattdessen unter localhost.",
    errors: {
      OAuthSignin:
        "Die Anmeldung bei diesem Anbieter konnte nicht gestartet werden. Versuchen Sie es erneut oder melden Sie sich auf andere Weise an.",
      OAuthCallbackError:
        "Der Anmeldeanbieter hat einen Fehler gemeldet. Versuchen Sie es erneut oder melden Sie sich auf andere Weise an.",
      OAuthCreateAccount: "Mit diesem Anbieter konnte kein Konto erstellt werden. Melden Sie sich auf andere Weise an.",
      EmailCreateAccount: "Für diese E-Mail-Adresse konnte kein Konto erstellt werden. Melden Sie sich auf andere Weise an.",
      Callback: "Beim Abschließen der Anmeldung ist ein Fehler aufgetreten. Versuchen Sie es erneut.",
      OAuthAccountNotLinked:
        "Diese E-Mail-Adresse wird bereits mit einer anderen Anmeldemethode verwendet. Melden Sie sich zur Bestätigung Ihrer Identität so an wie beim letzten Mal.",
      EmailSignin: "Die Anmelde-E-Mail konnte nicht gesendet werden. Prüfen Sie die Adresse und versuchen Sie es erneut.",
      EmailSignInError: "Die Anmelde-E-Mail konnte nicht gesendet werden. Prüfen Sie die Adresse und versuchen Sie es erneut.",
      CredentialsSignin: "Die Anmeldung ist fehlgeschlagen. Prüfen Sie Ihre Angaben und versuchen Sie es erneut.",
      SessionRequired: "Melden Sie sich an, um diese Seite zu sehen.",
      MissingCSRF: "Dieses Formular ist abgelaufen. Laden Sie die Seite neu und versuchen Sie es erneut.",
      Verification: "Der Anmeldelink oder Code ist ungültig oder abgelaufen. Fordern Sie einen neuen an.",
      WebAuthnVerificationError:
        "Der Passkey konnte nicht überprüft werden. Versuchen Sie es erneut oder melden Sie sich auf andere Weise an.",
      RateLimited: "Zu viele Versuche. Warten Sie ein paar Minuten und versuchen Sie es dann erneut.",
      WrongCode: "Dieser Code ist nicht richtig. Prüfen Sie die E-Mail und versuchen Sie es erneut.",
      default: "Die Anmeldung hat nicht funktioniert. Versuchen Sie es erneut oder melden Sie sich auf andere Weise an.",
    },
  },
  signOut: {
    title: "Abmelden",
    heading: "Abmelden",
    question: "Möchten Sie sich wirklich abmelden?",
    button: "Abmelden",
  },
  sessions: {
    title: "Ihre Sitzungen",
    heading: "Ihre Sitzungen",
    intro: "Diese Geräte sind bei Ihrem Konto angemeldet. Melden Sie alle ab, die Sie nicht kennen.",
    current: "Dieses Gerät",
    unknownDevice: "Unbekanntes Gerät",
    signedIn: (when) => `Angemeldet am ${when}`,
    lastActive: (when) => `Zuletzt aktiv am ${when}`,
    revoke: "Abmelden",
    revokeOthers: "Alle anderen Sitzungen abmelden",
    device: (browser, system) => `${browser} unter ${system}`,
    back: "Zurück zur Website",
    none: "Für Ihr Konto sind keine Sitzungen erfasst.",
  },
  signInExpired: {
    title: "Anmeldung abgelaufen",
    heading: "Diese Anmeldung ist abgelaufen oder wurde in einem anderen Tab begonnen",
    message: "Mit Ihrem Konto ist alles in Ordnung. Beginnen Sie die Anmeldung hier erneut.",
    again: (provider) => `Erneut mit ${provider} anmelden`,
    otherWays: "Andere Anmeldemöglichkeiten",
  },
  error: {
    title: (heading) => `Fehler: ${heading}`,
    codes: {
      Configuration: {
        title: "Serverfehler",
        message:
          "Der Server ist nicht richtig eingerichtet. Wenn Sie diese Website betreiben, finden Sie die Details in den Server-Logs.",
        back: "home",
      },
      AccessDenied: {
        title: "Zugriff verweigert",
        message: "Sie sind nicht berechtigt, sich anzumelden.",
        back: "signIn",
      },
      Verification: {
        title: "Link nicht mehr gültig",
        message: "Der Anmeldelink wurde möglicherweise schon verwendet oder ist abgelaufen. Fordern Sie einen neuen an.",
        back: "signIn",
      },
      InvalidRequest: {
        title: "Ungültige Anfrage",
        message:
          "Mit dieser Adresse können die Anmeldeseiten nichts anfangen. Kehren Sie zur Website zurück und versuchen Sie es erneut.",
        back: "signIn",
      },
      default: {
        title: "Etwas ist schiefgelaufen",
        message: "Die Anmeldung konnte nicht abgeschlossen werden. Versuchen Sie es erneut.",
        back: "signIn",
      },
    },
  },
  verifyRequest: {
    title: "Prüfen Sie Ihr Postfach",
    heading: "Prüfen Sie Ihr Postfach",
    sent: (host) => `Wir haben Ihnen einen Anmeldelink per E-Mail geschickt. Öffnen Sie ihn, um sich bei ${host} anzumelden.`,
    sentTo: (email, host) => `Wir haben einen Anmeldelink an ${email} geschickt. Öffnen Sie ihn, um sich bei ${host} anzumelden.`,
    codeIntro: "Geben Sie den Code aus der E-Mail ein.",
    codeLabel: "Code",
    codeButton: "Mit Code anmelden",
    triesLeft: (count) => (count === 1 ? "Sie haben noch 1 Versuch." : `Sie haben noch ${count} Versuche.`),
  },
  emailConfirm: {
    title: "Anmeldung bestätigen",
    heading: "Anmeldung bestätigen",
    question: (email) => `Als ${email} anmelden?`,
    explanation: "Dieser Schritt verhindert, dass automatische Link-Prüfer Ihren Anmeldelink verbrauchen.",
    button: "Anmeldung bestätigen",
  },
  email: {
    subject: (host) => `Bei ${host} anmelden`,
    heading: (host) => `Bei ${host} anmelden`,
    intro: "Klicken Sie auf die Schaltfläche unten, um sich anzumelden.",
    button: "Anmelden",
    linkIntro: "Öffnen Sie diesen Link, um sich anzumelden:",
    codeIntro: "Oder geben Sie diesen Code ein:",
    linkExpires: (expiry) => `Der Link läuft ${expiry} ab.`,
    linkAndCodeExpire: (expiry) => `Link und Code laufen ${expiry} ab.`,
    ignore: "Wenn Sie diese E-Mail nicht angefordert haben, können Sie sie einfach ignorieren.",
  },
};
