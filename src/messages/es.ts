import type { Messages } from "./types.js";

export const es: Messages = {
  common: {
    or: "o",
    emailLabel: "Correo electrónico",
    emailPlaceholder: "email@example.com",
    signInWith: (provider) => `Iniciar sesión con ${provider}`,
    backToSignIn: "Volver a iniciar sesión",
    backHome: "Ir a la página de inicio",
  },
  signIn: {
    title: "Iniciar sesión",
    heading: "Iniciar sesión",
    passkeyButton: "Iniciar sesión con una llave de acceso",
    passkeyEmailLabel: "Correo electrónico (solo para crear una cuenta nueva)",
    passkeyFailed: "No se pudo usar la llave de acceso. Inténtalo de nuevo o usa otro método para iniciar sesión.",
    showPassword: "Mostrar",
    showPasswordLabel: "Mostrar contraseña",
    errors: {
      OAuthSignin: "No se pudo iniciar sesión con ese proveedor. Inténtalo de nuevo o usa otro método para iniciar sesión.",
      OAuthCallbackError:
        "El proveedor de inicio de sesión devolvió un error. Inténtalo de nuevo o usa otro método para iniciar sesión.",
      OAuthCreateAccount: "No se pudo crear una cuenta con ese proveedor. Usa otro método para iniciar sesión.",
      EmailCreateAccount: "No se pudo crear una cuenta para esa dirección de correo. Usa otro método para iniciar sesión.",
      Callback: "Algo salió mal al completar el inicio de sesión. Inténtalo de nuevo.",
      OAuthAccountNotLinked:
        "Esta dirección de correo ya se usa con otro método de inicio de sesión. Para confirmar tu identidad, inicia sesión como lo hiciste la última vez.",
      EmailSignin: "No se pudo enviar el correo de inicio de sesión. Comprueba la dirección e inténtalo de nuevo.",
      EmailSignInError: "No se pudo enviar el correo de inicio de sesión. Comprueba la dirección e inténtalo de nuevo.",
      CredentialsSignin: "No se pudo iniciar sesión. Comprueba los datos introducidos e inténtalo de nuevo.",
      SessionRequired: "Inicia sesión para ver esta página.",
      MissingCSRF: "Este formulario ha caducado. Recarga la página e inténtalo de nuevo.",
      Verification: "El enlace o el código de inicio de sesión no es válido o ha caducado. Solicita uno nuevo.",
      WebAuthnVerificationError:
        "No se pudo verificar la llave de acceso. Inténtalo de nuevo o usa otro método para iniciar sesión.",
      RateLimited: "Demasiados intentos. Espera unos minutos y vuelve a intentarlo.",
      default: "No se pudo iniciar sesión. Inténtalo de nuevo o usa otro método para iniciar sesión.",
    },
  },
  signOut: {
    title: "Cerrar sesión",
    heading: "Cerrar sesión",
    question: "¿Seguro que quieres cerrar sesión?",
    button: "Cerrar sesión",
  },
  sessions: {
    title: "Tus sesiones",
    heading: "Tus sesiones",
    intro: "Los dispositivos con sesión iniciada en tu cuenta. Cierra la sesión de los que no reconozcas.",
    current: "Este dispositivo",
    unknownDevice: "Dispositivo desconocido",
    signedIn: (when) => `Sesión iniciada el ${when}`,
    lastActive: (when) => `Última actividad: ${when}`,
    revoke: "Cerrar sesión",
    revokeOthers: "Cerrar todas las demás sesiones",
    none: "No hay sesiones registradas en tu cuenta.",
  },
  error: {
    title: (heading) => `Error: ${heading}`,
    codes: {
      Configuration: {
        title: "Error del servidor",
        message:
          "El servidor no está configurado correctamente. Si administras este sitio, encontrarás los detalles en los registros del servidor.",
        back: "home",
      },
      AccessDenied: {
        title: "Acceso denegado",
        message: "No tienes permiso para iniciar sesión.",
        back: "signIn",
      },
      Verification: {
        title: "El enlace ya no es válido",
        message: "Es posible que el enlace de inicio de sesión ya se haya usado o que haya caducado. Solicita uno nuevo.",
        back: "signIn",
      },
      InvalidRequest: {
        title: "Solicitud no válida",
        message: "Las páginas de inicio de sesión no pueden usar esta dirección. Vuelve al sitio e inténtalo de nuevo.",
        back: "signIn",
      },
      default: {
        title: "Algo salió mal",
        message: "No se pudo completar el inicio de sesión. Inténtalo de nuevo.",
        back: "signIn",
      },
    },
  },
  verifyRequest: {
    title: "Revisa tu correo",
    heading: "Revisa tu correo",
    sent: (host) => `Te hemos enviado un enlace de inicio de sesión por correo. Ábrelo para iniciar sesión en ${host}.`,
    sentTo: (email, host) => `Hemos enviado un enlace de inicio de sesión a ${email}. Ábrelo para iniciar sesión en ${host}.`,
    codeIntro: "Introduce el código del correo.",
    codeLabel: "Código",
    codeButton: "Iniciar sesión con el código",
  },
  emailConfirm: {
    title: "Confirmar inicio de sesión",
    heading: "Confirmar inicio de sesión",
    question: (email) => `¿Iniciar sesión como ${email}?`,
    explanation: "Este paso evita que los analizadores automáticos de enlaces usen tu enlace de inicio de sesión.",
    button: "Confirmar inicio de sesión",
  },
  email: {
    subject: (host) => `Inicia sesión en ${host}`,
    heading: (host) => `Inicia sesión en ${host}`,
    intro: "Pulsa el botón de abajo para iniciar sesión.",
    button: "Iniciar sesión",
    linkIntro: "Abre este enlace para iniciar sesión:",
    codeIntro: "O introduce este código:",
    linkExpires: (expiry) => `El enlace caduca ${expiry}.`,
    linkAndCodeExpire: (expiry) => `El enlace y el código caducan ${expiry}.`,
    ignore: "Si no has solicitado este correo, puedes ignorarlo sin problema.",
  },
};
