/**
 * The Indonesian catalogue, in the words resellers use (saldo, isi saldo, beli, riwayat, berhasil,
 * gagal, diproses, dana dikembalikan, nomor HP): the same word for the same thing everywhere, as
 * docs/glossary.md lists them. Typed against the English one: a missing or extra key fails the type-check.
 */
import type { Messages } from "./en.js";

export const id: Messages = {
  printer: {
    error: "Gagal:",
    outcomeUnknown: "Hasil belum pasti:",
    hint: "Saran:",
    bug: (text: string) => `ada yang salah di dalam reseller: ${text}`,
    reportBug:
      "Ini bug. Tolong laporkan beserta perintah yang dijalankan dan keluaran --verbose (API key Anda tidak pernah ditampilkan utuh).",
    itBegan: "awalnya",
    cause: "penyebab",
    details: {
      outcome: "hasil",
      refunded: "dana dikembalikan",
      status: "status",
      attempts: "percobaan",
      field: "kolom",
      value: "nilai",
      item: "produk",
      customer: "pelanggan",
      invoice: "invoice",
    },
  },
  errors: {
    interrupted: "Dihentikan.",
    interruptedNothingSent: "Dihentikan; tidak ada yang terkirim.",
    cancelled: "Dibatalkan; tidak ada yang terkirim.",
    unexpectedResponseHint:
      "Layanan mungkin sedang bermasalah; coba lagi sebentar lagi, atau jalankan dengan --verbose untuk melihat pertukarannya.",
    outcomeUnknownHint: (refId: string) =>
      `Jalankan \`reseller reconcile\` atau \`reseller trx show ${refId}\` untuk memastikannya; jangan beli lagi dengan ref_id baru.`,
    outcomeUnknownHintNoRef: "Jalankan `reseller reconcile` untuk memastikannya.",
    noBaseUrl: "Alamat layanan belum diatur.",
    noBaseUrlHint: "Jalankan `reseller login --base-url URL`, atau isi RESELLER_BASE_URL.",
    noApiKey: (profile: string) => `Belum ada API key untuk profil "${profile}".`,
    noApiKeyHint: "Jalankan `reseller login`, atau isi RESELLER_API_KEY.",
    inputRequired: (flags: readonly string[]) =>
      `${flags.length ? `${flags.join(" dan ")} wajib diisi saat reseller tidak bisa bertanya` : "reseller tidak bisa bertanya di sini"} (tanpa terminal, --no-input, RESELLER_NO_INPUT atau CI).`,
    profileWins: (profile: string, ignored: readonly string[]) =>
      `--profile ${profile} yang dipakai: ${ignored.length > 1 ? "alamat dan key" : ignored[0] === "RESELLER_API_KEY" ? "key" : "alamat"} yang tersimpan di profil, bukan ${ignored.join(" dan ")} dari lingkungan.`,
    tlsUnchecked: (host: string) =>
      `NODE_TLS_REJECT_UNAUTHORIZED=0: sertifikat tidak diperiksa, jadi siapa pun di antara Anda dan ${host} bisa membaca API key dan menjawab seolah-olah layanan. Hapus pengaturan itu.`,
    insecureClearText: (host: string) =>
      `--insecure: API key dikirim ke ${host} tanpa enkripsi, bisa dibaca siapa pun di jalurnya.`,
    network: {
      UND_ERR_SOCKET: "koneksi terputus",
      UND_ERR_CLOSED: "koneksi terputus",
      PROXY_TUNNEL_REFUSED: "proxy menutup koneksi alih-alih membuka terowongan ke layanan",
      ECONNRESET: "koneksi diputus paksa",
      EPIPE: "koneksi terputus saat mengirim",
      ECONNREFUSED: "koneksi ditolak (tidak ada yang mendengarkan di alamat dan port itu)",
      ENOTFOUND: "namanya tidak ditemukan (DNS); periksa alamatnya",
      EAI_AGAIN: "namanya belum bisa dicari saat ini (DNS)",
      EHOSTUNREACH: "tidak ada rute ke host itu",
      ENETUNREACH: "jaringan mesin ini tidak terjangkau",
      EADDRNOTAVAIL: "alamat itu tidak tersedia dari mesin ini",
      ETIMEDOUT: "tidak ada jawaban tepat waktu",
      UND_ERR_CONNECT_TIMEOUT: "koneksi tidak tersambung tepat waktu",
      UND_ERR_HEADERS_TIMEOUT: "tidak ada jawaban tepat waktu",
      UND_ERR_BODY_TIMEOUT: "jawabannya berhenti di tengah jalan",
      TIMEOUT: "tidak ada jawaban tepat waktu",
      CERT_HAS_EXPIRED: "sertifikat TLS layanan sudah kedaluwarsa",
      DEPTH_ZERO_SELF_SIGNED_CERT: "sertifikat TLS layanan ditandatangani sendiri",
      SELF_SIGNED_CERT_IN_CHAIN: "sertifikat TLS layanan bukan dari otoritas tepercaya",
      UNABLE_TO_VERIFY_LEAF_SIGNATURE: "sertifikat TLS layanan tidak bisa diverifikasi",
      ERR_TLS_CERT_ALTNAME_INVALID: "sertifikat TLS layanan untuk nama lain",
    },
  },
  help: {
    usage: "Cara pakai:",
    arguments: "Argumen:",
    options: "Opsi:",
    commands: "Perintah:",
    flags: "Opsi:",
    examples: "Contoh:",
    helpTopics: "Topik bantuan:",
    otherCommands: "Perintah lain:",
    groups: {
      core: "Perintah utama:",
      catalogue: "Perintah katalog:",
      money: "Perintah saldo:",
      setup: "Perintah pengaturan:",
    },
    optionsWord: "[opsi]",
    commandWord: "[perintah]",
    helpFlag: "tampilkan bantuan perintah",
    defaultIs: "bawaan",
    globalFlags: (flags: string) => `Opsi umum: ${flags} (lihat \`reseller --help\`).`,
    piped: (text: string) => `Lewat pipe, ${text}.`,
    more: "Lainnya: reseller help PERINTAH, reseller help environment, reseller help exit-codes",
    topicCommand: "opsi, contoh dan kolom pipe sebuah perintah (`help lock add`)",
    topicEnvironment: "variabel lingkungan dan opsi yang diwakilinya",
    topicExitCodes: "arti tiap kode keluar, untuk skrip",
  },
  usage: {
    see: (path: string) => `Lihat \`${path} --help\`.`,
    read: (command: string) => `Lihat \`${command}\`.`,
    didYouMean: (what: string) => `Maksudnya ${what}?`,
    either: " atau ",
    keyFlag: (flag: string) =>
      `${flag} bukan opsi: API key tidak pernah diberikan di baris perintah, karena bisa dibaca orang lain.`,
    keyFlagHint:
      "Simpan dengan `reseller login` (atau kirim lewat pipe ke `reseller login --with-key`), atau isi RESELLER_API_KEY.",
    needsCommandFirst: (path: string, names: string) => `\`${path}\` perlu perintah dulu: ${names}.`,
    notAnOption: (flag: string, path: string) => `${flag} bukan opsi dari \`${path}\`.`,
    noSuchCommand: (path: string, word: string) => `\`${path}\` tidak punya perintah "${word}".`,
    noArguments: (path: string, first: string) =>
      `\`${path}\` tidak menerima argumen, hanya opsi; "${first}" kelebihan.`,
    tooManyArguments: (path: string, expected: number, first: string) =>
      `\`${path}\` menerima ${expected} argumen; "${first}" kelebihan.`,
    needsArgument: (path: string, name: string, description: string) =>
      `\`${path}\` perlu <${name}>${description ? `: ${description}` : ""}.`,
    needsValue: (flag: string, value: string) => `${flag} perlu nilai${value ? `: ${flag} <${value}>` : ""}.`,
    needsOption: (path: string, flags: string, description: string) =>
      `\`${path}\` perlu ${flags}${description ? `: ${description}` : ""}.`,
    invalidArgument: (text: string) => `Nilai tidak sah: ${text}`,
    noHelpFor: (topic: string, why: string) => `Tidak ada bantuan untuk "${topic}": ${why}.`,
    noSubCommand: (command: string, word: string) => `\`${command}\` tidak punya sub-perintah "${word}"`,
    noCommandOrTopic: (word: string) => `tidak ada perintah atau topik "${word}"`,
    language: (value: string) => `--lang harus id atau en, bukan "${value}".`,
  },
};
