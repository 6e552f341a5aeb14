import type { Messages } from "./types.js";

export const ja: Messages = {
  common: {
    or: "または",
    emailLabel: "メールアドレス",
    emailPlaceholder: "email@example.com",
    signInWith: (provider) => `${provider} でサインイン`,
    backToSignIn: "サインインに戻る",
    backHome: "ホームページへ",
  },
  signIn: {
    title: "サインイン",
    heading: "サインイン",
    passkeyButton: "パスキーでサインイン",
    passkeyEmailLabel: "メールアドレス（新しいアカウントを作成する場合のみ）",
    passkeyFailed: "パスキーを使用できませんでした。もう一度お試しいただくか、別の方法でサインインしてください。",
    showPassword: "表示",
    showPasswordLabel: "パスワードを表示",
    errors: {
      OAuthSignin:
        "このプロバイダーでのサインインを開始できませんでした。もう一度お試しいただくか、別の方法でサインインしてください。",
      OAuthCallbackError:
        "サインイン先のプロバイダーがエラーを返しました。もう一度お試しいただくか、別の方法でサインインしてください。",
      OAuthCreateAccount: "このプロバイダーではアカウントを作成できませんでした。別の方法でサインインしてください。",
      EmailCreateAccount: "このメールアドレスではアカウントを作成できませんでした。別の方法でサインインしてください。",
      Callback: "サインインの完了中に問題が発生しました。もう一度お試しください。",
      OAuthAccountNotLinked:
        "このメールアドレスは別のサインイン方法で使用されています。ご本人確認のため、前回と同じ方法でサインインしてください。",
      EmailSignin: "サインイン用のメールを送信できませんでした。アドレスを確認して、もう一度お試しください。",
      EmailSignInError: "サインイン用のメールを送信できませんでした。アドレスを確認して、もう一度お試しください。",
      CredentialsSignin: "サインインできませんでした。入力内容を確認して、もう一度お試しください。",
      SessionRequired: "このページを表示するにはサインインしてください。",
      MissingCSRF: "このフォームの有効期限が切れました。ページを再読み込みして、もう一度お試しください。",
      Verification: "サインイン用のリンクまたはコードが無効か、有効期限が切れています。新しいものをリクエストしてください。",
      WebAuthnVerificationError: "パスキーを確認できませんでした。もう一度お試しいただくか、別の方法でサインインしてください。",
      RateLimited: "試行回数が多すぎます。数分待ってから、もう一度お試しください。",
      default: "サインインできませんでした。もう一度お試しいただくか、別の方法でサインインしてください。",
    },
  },
  signOut: {
    title: "サインアウト",
    heading: "サインアウト",
    question: "サインアウトしてもよろしいですか？",
    button: "サインアウト",
  },
  sessions: {
    title: "セッション一覧",
    heading: "サインイン中のセッション",
    intro: "このアカウントにサインインしているデバイスです。心当たりのないものはサインアウトしてください。",
    current: "このデバイス",
    unknownDevice: "不明なデバイス",
    signedIn: (when) => `${when} にサインイン`,
    lastActive: (when) => `最終利用: ${when}`,
    revoke: "サインアウト",
    revokeOthers: "ほかのすべてのセッションからサインアウト",
    none: "このアカウントのセッションは記録されていません。",
  },
  error: {
    title: (heading) => `エラー: ${heading}`,
    codes: {
      Configuration: {
        title: "サーバーエラー",
        message: "サーバーが正しく設定されていません。このサイトの運営者の方は、サーバーのログで詳細を確認してください。",
        back: "home",
      },
      AccessDenied: {
        title: "アクセスが拒否されました",
        message: "サインインする権限がありません。",
        back: "signIn",
      },
      Verification: {
        title: "リンクが無効です",
        message: "サインイン用のリンクはすでに使用されたか、有効期限が切れています。新しいリンクをリクエストしてください。",
        back: "signIn",
      },
      InvalidRequest: {
        title: "無効なリクエスト",
        message: "このアドレスはサインインページでは使用できません。サイトに戻って、もう一度お試しください。",
        back: "signIn",
      },
      default: {
        title: "問題が発生しました",
        message: "サインインを完了できませんでした。もう一度お試しください。",
        back: "signIn",
      },
    },
  },
  verifyRequest: {
    title: "メールを確認してください",
    heading: "メールを確認してください",
    sent: (host) => `サインイン用のリンクをメールでお送りしました。リンクを開いて ${host} にサインインしてください。`,
    sentTo: (email, host) =>
      `サインイン用のリンクを ${email} にお送りしました。リンクを開いて ${host} にサインインしてください。`,
    codeIntro: "メールに記載されたコードを入力してください。",
    codeLabel: "コード",
    codeButton: "コードでサインイン",
  },
  emailConfirm: {
    title: "サインインの確認",
    heading: "サインインの確認",
    question: (email) => `${email} としてサインインしますか？`,
    explanation: "この手順は、リンクを自動でチェックするツールがサインイン用のリンクを使ってしまうのを防ぐためのものです。",
    button: "サインインする",
  },
  email: {
    subject: (host) => `${host} へのサインイン`,
    heading: (host) => `${host} へのサインイン`,
    intro: "下のボタンを押してサインインしてください。",
    button: "サインイン",
    linkIntro: "次のリンクを開いてサインインしてください:",
    codeIntro: "または、次のコードを入力してください:",
    linkExpires: (expiry) => `リンクの有効期限: ${expiry}`,
    linkAndCodeExpire: (expiry) => `リンクとコードの有効期限: ${expiry}`,
    ignore: "このメールに心当たりがない場合は、無視していただいて問題ありません。",
  },
};
