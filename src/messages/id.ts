/**
 * The Indonesian catalogue, in the words resellers use (saldo, isi saldo, beli, riwayat, berhasil,
 * gagal, diproses, dana dikembalikan, nomor HP): the same word for the same thing everywhere, as
 * docs/glossary.md lists them. Typed against the English one: a missing or extra key fails the type-check.
 */
import { type Messages, whenRead } from "./en.js";

/** The service's statuses by their kind (src/api/status.ts): the words a counter says. */
const statusWords: Readonly<Record<string, string>> = {
  pending: "menunggu",
  paid: "dibayar",
  processing: "diproses",
  sent: "terkirim",
  completed: "berhasil",
  partial: "sebagian",
  canceled: "dibatalkan",
  failed: "gagal",
  refunded: "dana dikembalikan",
  expired: "kedaluwarsa",
};

/** The service's types of balance movement (`balance history`'s Jenis), in the glossary's words. */
const movementTypes: Readonly<Record<string, string>> = {
  purchase: "pembelian",
  refund: "dana dikembalikan",
  topup: "isi saldo",
  adjustment: "penyesuaian",
};

const indonesianCatalogue = (): Messages => ({
  language: "id",
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
      ref_id: "ref_id",
      item_id: "id produk",
      lock_token: "token kunci stok",
      lock: "kunci stok",
      balance: "saldo",
      total: "total",
      shortfall: "kekurangan",
      provider_message: "pesan pemasok",
      earlier_ref_id: "ref_id sebelumnya",
      earlier_invoice: "invoice sebelumnya",
      earlier_at: "waktu sebelumnya",
      earlier_outcome: "hasil sebelumnya",
      reason: "alasan",
      stock: "stok",
      quantity: "jumlah",
      may_have_reached: "mungkin sudah sampai",
      body: "isi jawaban",
      code: "kode",
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
    faultAfterSending: (text: string) =>
      `Terjadi kesalahan di dalam reseller setelah pembelian dikirim (${text}), jadi di sini belum diketahui apakah sudah terbeli. Ini bug: mohon laporkan bersama keluaran --verbose.`,
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
      ECONNREFUSED: "koneksi ditolak: tidak ada layanan yang berjalan di alamat dan port itu",
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
    more: "Lainnya: reseller help PERINTAH, reseller help environment,\n         reseller help exit-codes",
    topicCommandTerm: "help PERINTAH",
    topicCommand: "opsi, contoh dan kolom pipe sebuah perintah (`help lock add`)",
    topicEnvironment: "variabel lingkungan dan opsi yang diwakilinya",
    topicExitCodes: "arti tiap kode keluar, untuk skrip",
  },
  helpTopics: {
    environment: `Variabel lingkungan, opsi dan pengaturan di profil

Urutan: opsi > lingkungan > profil di penyimpanan config > bawaan; tapi
--profile NAME yang punya alamat atau API key tersimpan memakai keduanya,
bukan RESELLER_BASE_URL dan RESELLER_API_KEY, dan memberi tahu. \`config NAME\`
disimpan di profil: \`reseller config set NAME VALUE\`, \`reseller config list\`.`,
    defaultIs: (value: string) => `bawaan ${value}`,
    forOneCommand: (flag: string) => `${flag} untuk satu perintah`,
    exitCodes: {
      title: "Kode keluar",
      meanings: {
        ok: 'berhasil; juga konfirmasi yang ditolak ("Tidak ada yang dibeli.") dan --wait yang berakhir sebelum terkirim',
        refused:
          "layanan menolak permintaan (4xx/5xx apa pun dengan kode kegagalan, termasuk kode yang belum dikenal reseller) atau menjawab sesuatu yang bukan JSON yang diharapkan; pengiriman yang ditunggu buy --wait atau trx show --watch gagal atau hanya terkirim sebagian; filter --jq gagal pada jawabannya; kesalahan di dalam reseller sebelum apa pun dikirim",
        usage:
          "salah pakai atau salah input, atau folder konfigurasi atau jurnal yang tidak bisa dipakai: tidak ada yang dikirim",
        auth: "autentikasi atau izin: 401, 403, API key belum diatur, atau webhook listen tanpa rahasia webhook",
        unreachable: "layanan tidak bisa dihubungi, atau waktu baca habis: tidak ada yang berubah",
        outcomeUnknown:
          "hasil belum pasti: pembelian (atau kunci stok, isi saldo) sudah dikirim dan tidak ada jawaban setelah dicoba ulang, atau reseller gagal di dalam setelah mengirimnya. ref_id-nya ditampilkan; pastikan dengan `reseller reconcile` atau `reseller trx show REF`, jangan beli lagi dengan ref_id baru. reconcile keluar dengan 5 selama masih ada yang belum pasti",
        interrupted: 'dihentikan (Ctrl-C); di sebuah pertanyaan tertulis "Dibatalkan; tidak ada yang terkirim."',
      },
      verdicts:
        "Setiap order berakhir dengan satu hasil, kata yang sama di setiap keluaran (`outcome` di --json, kolom terakhir saat dipipe, history), dengan kode keluarnya:",
      notSentByCheck: "2 bila pemeriksaan sebelum bayar menghentikannya",
      bulk: "buy --file keluar dengan 0 hanya jika semua order berhasil, selain itu dengan kode tertinggi di antara order-ordernya. buy --plan keluar dengan 0 bila pembelian bisa dijalankan (tidak ada yang ditolak, saldo cukup untuk totalnya), 2 bila tidak.",
    },
  },
  time: {
    now: "sekarang",
    seconds: (s: number) => `${s}d`,
    minutes: (m: number, s: string) => `${m}m ${s}d`,
    wholeMinutes: (m: number) => `${m}m`,
    hours: (h: number, m: string) => `${h}j ${m}m`,
    days: (d: number) => `${d}h`,
    in: (duration: string) => `${duration} lagi`,
    secondsAgo: (n: number) => `${n} detik lalu`,
    minutesAgo: (n: number) => `${n} menit lalu`,
    hoursAgo: (n: number) => `${n} jam lalu`,
    daysAgo: (n: number) => `${n} hari lalu`,
    noSuchDate: (flag: string, date: string) => `${flag} ${date} bukan tanggal yang ada di kalender`,
    noSuchMonth: (month: string) => `bulan dalam setahun 01 sampai 12, bukan ${month}`,
    daysInMonth: (month: string, days: number) => `${month} punya ${days} hari`,
  },
  balance: {
    heading: "Saldo",
    below: (balance: string, below: string) => `Saldo ${balance}, di bawah ${below}.`,
  },
  channels: {
    code: "Kode",
    channel: "Metode",
    fee: "Biaya",
    limits: "Batas",
    switchedOff: "nonaktif",
    from: (amount: string) => `mulai ${amount}`,
    upTo: (amount: string) => `maksimal ${amount}`,
  },
  locks: {
    token: "Token",
    item: "Produk",
    qty: "Jml",
    expires: "Berakhir",
    timeLeft: "Sisa waktu",
    none: "Tidak ada stok yang dikunci.",
    seeLeft: (item: number) => `Lihat sisa stoknya dengan \`reseller item ${item}\`, atau kunci lebih sedikit.`,
    checkId: (item: number) => `Cek id-nya dengan \`reseller item ${item}\`.`,
    settle:
      "Jalankan `reseller reconcile` (atau `reseller lock list`) untuk melihat apakah stok terkunci; kunci yang tidak dipakai berakhir sendiri.",
    notNoted: (dir: string, why: string) =>
      `Kunci stok tidak bisa dicatat di ${dir} (${why}); sebutkan --item dan --qty bersama --lock saat membeli.`,
    lockToken: "Token kunci stok",
    quantity: "Jumlah",
    lockedAt: "Dikunci pada",
    buyWithIt: (token: string) =>
      // Two commands to copy: each on a line of its own, so neither is broken across lines.
      `Beli dengan: reseller buy --lock ${token} --note …\nLepas: reseller lock release ${token}`,
    emptyToken: "Token kunci stok tidak boleh kosong.",
    seeLocks: "Lihat kunci stok Anda dengan `reseller lock list`.",
    nothingToGiveBack: "Tidak ada yang perlu dilepas; lihat kunci stok yang aktif dengan `reseller lock list`.",
    used: "Sudah dipakai pembelian; stoknya sekarang milik pembelian itu.",
    released: (token: string) => `${token} dilepas; stoknya tersedia lagi.`,
  },
  /** `webhook listen`: the lines it prints as deliveries arrive and are handed on. */
  listener: {
    forwardOrExec: "--forward-to dan --exec tidak bisa dipakai bersamaan: tiap kiriman diteruskan ke satu tujuan saja.",
    noSecret: (profile: string) =>
      `Belum ada webhook secret untuk profil "${profile}": tanpa itu event dari layanan tidak bisa dibedakan dari yang palsu.`,
    noSecretHint:
      "Jalankan `reseller webhook secret --save` (layanan membuatnya, ditampilkan sekali, lalu disimpan di profil), atau isi RESELLER_WEBHOOK_SECRET.",
    about: (event: string, refId: string) => `${event}${refId ? ` untuk ${refId}` : ""}`,
    cannotConfirm: (why: string) => `Tidak bisa meminta layanan mengonfirmasi event (${why}).`,
    noReceiptsWithoutKey:
      "Tanpa API key tidak ada order yang bisa dikonfirmasi ke layanan, jadi tidak ada struk yang ditulis.",
    settledInJournal: (refId: string, invoice: string, event: string) =>
      `Dipastikan di jurnal: ${refId} sudah terbeli${invoice ? ` (invoice ${invoice})` : ""}, menurut ${event}.`,
    journalNotUpdated: (path: string, why: string) =>
      `Jurnal di ${path} tidak bisa diperbarui (${why}); \`reseller reconcile\` memastikannya nanti.`,
    listeningOn: (url: string) => `Menunggu webhook di ${url}`,
    exposed: (host: string) =>
      `Menunggu di ${host}: setiap mesin yang bisa menjangkau mesin ini bisa mengirim permintaan ke sini. Keaslian tiap event tetap diperiksa, tapi sebaiknya pakai 127.0.0.1 di belakang reverse proxy https atau tunnel.`,
    verifying: (from: string, masked: string, doing: string) =>
      `Keaslian tiap event diperiksa dengan webhook secret dari ${from} (${masked}); ${doing}.`,
    secretOfProfile: (profile: string) => `profil "${profile}"`,
    printingEach: "tiap event dicetak",
    forwardingEach: (url: string) => `tiap event diteruskan ke ${url}`,
    runningForEach: (command: string) => `\`${command}\` dijalankan untuk tiap event`,
    confirming:
      "Tiap event order dikonfirmasi dengan GET /v1/trx sebelum dicetak atau diteruskan: yang diteruskan adalah status, SN dan lisensi menurut layanan sendiri.",
    unconfirmed:
      "Tanpa API key: event order diteruskan apa adanya, tanpa konfirmasi. Isinya (SN, lisensi) tidak dilindungi tanda tangan.",
    handingOnAgain: (n: number) =>
      `Meneruskan lagi ${n} kiriman yang diterima sebelum berhenti terakhir kali dan belum tuntas.`,
    giveAddress:
      "Berikan ke layanan alamat https:// publik yang sampai ke port ini: `reseller webhook set --url https://…/webhook`. Tekan Ctrl-C untuk berhenti.",
    stopping: "Berhenti: menyelesaikan kiriman yang sedang berjalan.",
    keptOne: (about: string, id: string) => `${about} (${id})`,
    keptMore: (n: number) => (n ? `, dan ${n} lagi` : ""),
    kept: (n: number, named: readonly string[], more: string) =>
      `${n} kiriman disimpan untuk diteruskan saat mulai lagi: ${named.join(", ")}${more}.`,
    serial: "SN",
    licence: "lisensi",
    sellerNote: "catatan penjual",
    failed: "gagal",
    refund: "dana dikembalikan",
    receiptsNotWritable: (file: string, why: string) => `Tidak bisa menulis struk ke ${file}: ${why}.`,
    receiptsHint: "Sebutkan file yang bisa Anda tulis, dengan --receipts.",
    receiptNotAppended: (refId: string, file: string, why: string) =>
      `Struk ${refId} tidak bisa ditambahkan ke ${file}: ${why}.`,
    notConfirmed: (why: string) => `tidak dikonfirmasi: ${why}`,
    unknownOrder: (refId: string, code: string) => `layanan tidak mengenal order ${refId} untuk API key ini (${code})`,
    otherInvoice: (refId: string, invoice: string, signed: string) =>
      `order ${refId} di layanan ber-invoice ${invoice}, bukan ${signed} yang ditandatangani`,
    noSuchItem: (refId: string, item: string) => `order ${refId} di layanan tidak punya produk ${item}`,
    noItemNamed: "(tidak disebut)",
    nothingSentYet: (item: string, refId: string) =>
      `menurut layanan belum ada yang terkirim untuk produk ${item} dari ${refId}`,
    handedOnAlready: (item: string, refId: string) => `produk ${item} dari ${refId} sudah diteruskan`,
    notHandedOn: (about: string, why: string) => `Tidak diteruskan: ${about}: ${why}.`,
    notNoted: (about: string, why: string) =>
      `${about} tidak bisa dicatat di jurnal (${why}); \`reseller reconcile\` memastikannya nanti.`,
    couldNotConfirm: (why: string) => `tidak bisa dikonfirmasi: ${why}`,
    notHandedOnYet: (why: string) => `belum diteruskan: ${why}`,
    tryingAgain: (about: string, why: string, wait: string) =>
      `${about.charAt(0).toUpperCase()}${about.slice(1)} ${why}; dicoba lagi dalam ${wait}.`,
    waitSeconds: (s: number) => `${s} detik`,
    waitMinutes: (m: number) => `${m} menit`,
    forwardNotUrl: (url: string) => `--forward-to "${url}" bukan URL.`,
    forwardExample: "Contoh: --forward-to http://localhost:3000/webhooks",
    forwardScheme: (protocol: string) => `--forward-to harus alamat http:// atau https://, bukan ${protocol}`,
    targetAnswered: (url: string, status: number) => `${url} menjawab HTTP ${status}`,
    targetUnreachable: (url: string, why: string) => `${url} tidak bisa dihubungi (${why})`,
    noAnswerWithin: (s: number) => `tidak ada jawaban dalam ${s} detik`,
    execNeedsCommand: "--exec butuh perintah, misalnya --exec ./on-order.sh",
    execTooLong: (command: string, s: number) => `\`${command}\` berjalan lebih dari ${s} detik dan dihentikan`,
    execStoppedWithListener: (command: string) => `\`${command}\` dihentikan karena penerima berhenti`,
    execNotStarted: (command: string, why: string) => `\`${command}\` tidak bisa dijalankan (${why})`,
    execKilled: (command: string, signal: string) => `\`${command}\` dihentikan oleh ${signal}`,
    execExited: (command: string, code: number | null) => `\`${command}\` keluar dengan kode ${code}`,
    couldNotAnswer: (why: string) => `Tidak bisa menjawab sebuah permintaan: ${why}.`,
    refusedRequest: (from: string, why: string, status: number) =>
      `Menolak permintaan dari ${from}: ${why}; dijawab ${status}.`,
    notInTime: "tidak tiba tepat waktu",
    notHttp: "bukan HTTP yang bisa dibaca reseller",
    refusedEvent: (about: string, from: string, why: string) => `Menolak ${about} dari ${from}: ${why}; dijawab 401.`,
    signatureMismatch: "tanda tangannya tidak cocok (secret lain, atau isinya diubah)",
    noSignature: "tanpa header X-Signature",
    otherEventHeader: (named: string, event: string) => `header X-Event-nya ${named}, isinya ${event}`,
    statusNotOfEvent: (event: string, statuses: readonly string[], status: string) =>
      `${event} harus ditandatangani dengan status ${statuses.map((s) => `"${s}"`).join(" atau ")}, bukan "${status}"`,
    statusOfAnother: (event: string, status: string) =>
      `event bernama ${event} tidak boleh membawa status "${status}", yang milik event lain`,
    namesNoOrder: (event: string, field: string) =>
      `${event} tidak menyebut order: ${field} yang ditandatangani kosong`,
    noTimestamp: "tanpa X-Timestamp untuk dibandingkan dengan --max-age",
    tooOld: (stamp: string, maxAge: number) =>
      `dikirim pada ${stamp}, selisihnya lebih dari --max-age ${maxAge} detik dari sekarang`,
    alreadyReceived: (about: string) => `${about} sudah diterima sebelumnya (layanan mengirim ulang); dijawab 200.`,
    refused: (method: string, url: string, from: string, why: string, status: number) =>
      `Menolak ${method} ${url} dari ${from}: ${why}; dijawab ${status}.`,
    nothingHere: (path: string) => `tidak ada apa-apa di sini; webhook dikirim ke ${path}`,
    onlyPost: "hanya POST",
    notJson: "isinya bukan JSON",
    tooLarge: (kb: number) => `isinya lebih dari ${kb} KB`,
    bodyNotInTime: "isinya tidak tiba tepat waktu",
    notTaken: (from: string, why: string) =>
      `Tidak bisa menerima kiriman dari ${from}: ${why}; dijawab 500, agar layanan mengirim ulang.`,
    portInUse: (port: number, host: string) => `Port ${port} di ${host} sudah dipakai.`,
    portInUseHint: "Pilih port lain dengan --port, atau --port 0 untuk port yang kosong.",
    notThisMachine: (host: string) => `Tidak bisa menunggu di ${host}: itu bukan alamat mesin ini.`,
    portNotAllowed: (port: number) => `Tidak diizinkan memakai port ${port}.`,
    portNotAllowedHint: "Port di bawah 1024 butuh hak khusus; pilih yang di atasnya.",
    problem: (why: string) => `Penerima menemui masalah: ${why}; tetap berjalan.`,
    deliveriesProblem: (path: string, problem: string) => `File kiriman webhook di ${path}: ${problem}.`,
    deliveriesUnreadable: (path: string, why: string) => `File kiriman webhook di ${path} tidak bisa dibaca: ${why}.`,
    deliveriesNotOpened: (path: string, why: string) => `Kiriman webhook di ${path} tidak bisa dibuka: ${why}.`,
    deliveriesUnreadableHint:
      "Jadikan lagi file milik Anda yang bisa dibaca, atau pindahkan (kiriman yang sudah diteruskan mungkin lalu diteruskan lagi).",
    lastLineCut:
      "baris terakhirnya terpotong (berhenti mendadak saat menulis); kiriman yang disebutnya, kalau ada, diteruskan lagi saat layanan mengirim ulang",
    deliveriesDamaged: (path: string, n: number) =>
      `File kiriman webhook di ${path} tidak bisa dibaca: tak satu pun dari ${n} barisnya catatan kiriman.`,
    deliveriesDamagedHint:
      "Pindahkan lalu mulai lagi: kiriman yang dikirim ulang layanan akan diteruskan lagi, masing-masing dengan ID kirimannya (X-Reseller-Delivery, RESELLER_DELIVERY_ID).",
    linesDamaged: (n: number) =>
      `${n} barisnya rusak dan dilewati; kiriman yang disebutnya diteruskan lagi kalau layanan mengirim ulang`,
  },
  phone: {
    empty: "kosong",
    digitsOnly: "nomor HP hanya berisi angka (dan + di depan)",
    notIndonesian: "bukan nomor Indonesia (+62)",
    mobileStart: "nomor HP diawali 08, 628 atau +628",
    didYouMean: (number: string) => `Maksudnya ${number}?`,
    length: (digits: number, min: number, max: number) =>
      `baru ${digits} digit, dihitung dari 0 di depan; nomor HP ${min} sampai ${max} digit (08…)`,
    required: "Wajib diisi",
    notMobile: (why: string, hint: string) => `Bukan nomor HP: ${why}${hint ? `. ${hint}` : ""}`,
    refused: (note: string, item: string, why: string) => `catatan "${note}" bukan nomor HP untuk ${item}: ${why}.`,
    refusedHint:
      "Cek lagi dengan pelanggan; kalau sudah benar, beli dengan --no-check (kalau pemasok menolaknya, dana baru dikembalikan belakangan).",
    item: (id: number, name: string) => `produk ${id} (${name})`,
    waRefused: (number: string, why: string) => `--wa "${number}" bukan nomor HP: ${why}.`,
    waHint: "Beri nomor WhatsApp pelanggan (08…, 628… atau +628…), atau --wa saja untuk mengirim ke nomor di order.",
  },
  /** The questions' own words: the keys under a list, and the answer to a yes-or-no question once given. */
  prompts: {
    keys: { navigate: "pindah", select: "pilih" },
    yes: "Ya",
    no: "Tidak",
  },
  /** `reseller emulator`: what it says on stderr as it starts, and why it cannot. */
  emulator: {
    baseUrlLine: (url: string) => `Alamat layanan: ${url}`,
    apiKeyLine: (key: string) => `API key demo: ${key}`,
    portInUse: (where: string) => `port ${where} sedang dipakai.`,
    portInUseHint:
      "Hentikan yang mendengarkan di sana, pilih port lain dengan --port N, atau biarkan emulator memakai port yang kosong dengan --port 0.",
    portNotAllowed: (where: string) => `port ${where} memerlukan hak akses yang tidak dimiliki pengguna ini.`,
    portNotAllowedHint: "Pilih port di atas 1023, atau --port 0 untuk port yang kosong.",
    on: (host: string) => ` di ${host}`,
    hostNotHere: (host: string) => `tidak bisa mendengarkan di ${host}: itu bukan alamat mesin ini.`,
    stateKept: (file: string) => `Data emulator disimpan di ${file}`,
    stateInMemory: "Data emulator hanya di memori; pakai --state FILE untuk menyimpannya",
    dialect: (dialect: string) =>
      `Menjawab dengan dialek ${dialect}; ganti dengan --dialect live|live-short|spec atau POST /__emulator/dialect`,
    controls: (baseUrl: string) =>
      `Kontrol uji coba (X-APIKEY: API key emulator, isi JSON): ${baseUrl}/__emulator/state, /__emulator/clock, /__emulator/faults, /__emulator/dialect`,
    foreground: "Berjalan di latar depan: untuk eval baris-baris ini, tambahkan --detach. ",
    pressCtrlC: "Tekan Ctrl-C untuk berhenti",
    exposed: (host: string) =>
      `Peringatan: mendengarkan di ${host}; siapa pun yang bisa menjangkaunya bisa memakai API key demo-nya, dan dengan itu kontrol uji coba di /__emulator/.`,
    notStarted: (seconds: number) => `Emulator tidak berjalan di latar belakang dalam ${seconds} detik.`,
    seeLog: (log: string) => `Lihat ${log}.`,
    detached: (baseUrl: string, pid: number, log: string) =>
      `Emulator berjalan di latar belakang di ${baseUrl} (pid ${pid}; log-nya: ${log}).`,
    stopWith: (pid: number, printEnv: boolean) =>
      `Hentikan dengan: kill ${pid}${printEnv ? ` (atau kill "$RESELLER_EMULATOR_PID")` : ""}`,
  },
  /** Under a page of a list (`trx list`, `balance history`): where it sits and how to see the next. */
  pages: {
    of: (page: number, last: number, total: string) => `Halaman ${page} dari ${last}${total}.`,
    total: (count: number, noun: "transactions" | "changes") =>
      ` (${count} ${noun === "transactions" ? "transaksi" : "mutasi"})`,
    next: (command: string) => ` Berikutnya: ${command}`,
    mayBeMore: (page: number, command: string) => `Halaman ${page}; mungkin masih ada lagi: ${command}`,
  },
  login: {
    pipeHint:
      "Kirim key lewat pipe: printf '%s' \"$RESELLER_KEY\" | reseller login --with-key --base-url https://api.example.com",
    address: "Alamat layanan (bagian sebelum /v1)",
    typeAddress: "Ketik alamatnya, misalnya https://api.example.com",
    noAddress: "Belum ada alamat layanan untuk login.",
    noAddressHint: "Isi dengan --base-url https://api.example.com (atau RESELLER_BASE_URL).",
    apiKey: "Masukkan API key",
    pasteKey: "Tempel API key (tidak ditampilkan)",
    pasteThenCtrlD: "Tempel API key, lalu tekan Enter dan Ctrl-D:",
    noKeyOnStdin: "--with-key tidak membaca API key apa pun dari stdin.",
    keyHasSpaces: "API key tidak mengandung spasi atau baris baru; periksa lagi yang ditempel.",
    wrongKeyHint: (key: string, baseUrl: string) =>
      `Tidak ada yang disimpan. Periksa key ${key} untuk ${baseUrl} lalu coba lagi.`,
    loggedIn: (baseUrl: string, profile: string, key: string, balance: string) =>
      `Berhasil login ke ${baseUrl} sebagai profil ${profile} (key ${key}), saldo ${balance}.`,
    environmentKeyWins:
      "RESELLER_API_KEY terisi di lingkungan ini dan menang atas key yang tersimpan; hapus agar key tersimpan yang dipakai.",
    language: "Bahasa untuk profil ini (juga dari cron dan skrip)",
  },
  /** What shell completion says beside each command, flag and value. */
  completion: {
    commandsHeading: "perintah",
    flagsHeading: "opsi",
    valuesHeading: "nilai",
    dynamicHeadings: { channels: "metode pembayaran", locks: "kunci stok", profiles: "profil", items: "produk" },
    header: (shell: string) =>
      `# Pelengkap otomatis ${shell} untuk reseller, dibuat oleh \`reseller completion ${shell}\`; buat ulang setelah memperbarui reseller.`,
    install: "# Pasang:",
    or: "#   atau:",
    thenNewShell: "(lalu buka shell baru)",
    afterCompinit: "(setelah compinit)",
    channel: (name: string, fee: string) => `${name}, biaya ${fee}`,
    lock: (item: string, quantity: number, left: string) =>
      `produk ${item} x${quantity}${left ? `, sisa ${left}` : ""}`,
  },
  webhook: {
    url: "URL",
    enabled: "Aktif",
    secret: "Secret",
    yes: "ya",
    no: "tidak",
    secretSet: "sudah dibuat",
    secretNotSet: "belum dibuat",
    serviceSaid: (message: string) => `Jawaban layanan: "${message}"`,
    noSettings: "Layanan menjawab tanpa pengaturan webhook.",
    noUrl: "Belum ada callback URL; atur dengan `reseller webhook set --url https://…`.",
    notUrl: (text: string) => `--url "${text}" bukan URL.`,
    urlExample: "Contoh: --url https://bot.example.com/webhook",
    httpsFor: (host: string) => `--url harus https:// untuk ${host}: http biasa hanya untuk mesin ini (localhost).`,
    httpsHint:
      "Pasang bot di belakang https (reverse proxy, atau tunnel seperti cloudflared atau ngrok untuk `reseller webhook listen`).",
    httpsOnly: (protocol: string) => `--url harus alamat https://, bukan ${protocol}`,
    enableAndDisable: "--enable dan --disable tidak bisa dipakai bersamaan.",
    nothingToSet: "Tidak ada yang diatur: berikan --url, --enable atau --disable.",
    noUrlToSwitch: "Layanan belum punya callback URL untuk diaktifkan atau dinonaktifkan.",
    giveOne: (example: string) => `Berikan satu: ${example}`,
    goTo: (url: string, said: string) => `Disimpan: layanan akan mengirim webhook ke ${url}${said ? ` ${said}` : ""}.`,
    switchedOff: (url: string, said: string) => `Disimpan: webhook ke ${url} dinonaktifkan${said ? ` ${said}` : ""}.`,
    sendTest: "Kirim event uji coba dengan `reseller webhook test`.",
    testSending: (said: string) => `Layanan sedang mengirim event webhook.test${said ? ` ${said}` : ""}.`,
    listenPrintsIt: "`reseller webhook listen` mencetaknya begitu tiba.",
    replacesAtOnce:
      "Secret baru langsung menggantikan yang sekarang: penerima yang masih memakai yang lama menolak setiap event sampai mendapat yang baru.",
    makeNew: "Buat webhook secret baru?",
    nothingChanged: "Tidak ada yang berubah; secret yang sekarang masih berlaku.",
    whichField: "Layanan menjawab, tapi reseller tidak tahu field mana secret yang baru; tidak ada yang disimpan.",
    whichFieldHint:
      "Secret lama mungkin sudah tidak berlaku: salin yang baru dari jawaban di atas, atau jalankan `reseller webhook secret` lagi.",
    onlyTime:
      "Hanya kali ini layanan menampilkan secret ini; simpan sekarang (siapa pun yang memilikinya bisa memalsukan webhook).",
    saved: (profile: string, masked: string) =>
      `Disimpan sebagai webhook_secret profil "${profile}" (${masked}); \`reseller webhook listen\` memakainya.`,
    environmentWins:
      "RESELLER_WEBHOOK_SECRET diisi di environment ini dan mengalahkan secret yang disimpan; perbarui atau kosongkan.",
    keepNextTime:
      "Lain kali simpan di profil dengan `reseller webhook secret --save`, atau berikan ke penerima Anda sebagai RESELLER_WEBHOOK_SECRET.",
  },
  topup: {
    /** After a top-up request whose answer was lost. */
    settleHint: "Tidak ada dana berpindah sebelum link pembayaran dibayar: minta link baru dengan `reseller topup`.",
    switchedOff: (code: string) => `Metode pembayaran ${code} sedang nonaktif.`,
    chooseAnother: (open: string) => `Pilih yang lain: ${open} (\`reseller channels\`).`,
    noneOpen: "Belum ada metode pembayaran yang aktif; coba lagi nanti.",
    noSuchChannel: (code: string, codes: string) => `Tidak ada metode pembayaran "${code}". Yang ada: ${codes}.`,
    seeChannels: "Lihat nama dan biayanya dengan `reseller channels`.",
    notAnAmount: (why: string, readings: string) => `Bukan nominal: ${why} (${readings})`,
    either: " atau ",
    atLeast: (amount: string) => `Minimal ${amount}`,
    outOfRange: (code: string, range: string, amount: string, below: boolean) =>
      `${code} menerima isi saldo ${range}; ${amount} ${below ? "di bawah" : "di atas"} batas itu.`,
    splitIt: "Pecah jadi beberapa kali isi saldo, atau pilih metode yang batasnya lebih besar (`reseller channels`).",
    atLeastMinimum: "Isi saldo minimal sebesar batas bawah metode itu.",
    takes: (code: string, range: string) => `${code} menerima ${range}`,
    takesShort: (range: string) => `menerima ${range}`,
    feeWord: "biaya",
    forExample: "Contoh: reseller topup --amount 50000 --channel QRIS --yes (kode metode: `reseller channels`).",
    noChannels: "Layanan belum menyediakan metode pembayaran saat ini.",
    channelPrompt: "Metode pembayaran",
    amountPrompt: (range: string) => `Nominal isi saldo (${range})`,
    atLeastLower: (amount: string) => `minimal ${amount}`,
    channel: "Metode",
    amount: "Nominal",
    fee: "Biaya",
    estimate: (fee: string) => `${fee}; angka dari layanan menyusul`,
    total: "Total",
    confirm: (total: string) => `Minta link pembayaran sebesar ${total}?`,
    nothingRequested: "Tidak ada yang diminta.",
    notWebLink:
      "Link pembayaran bukan alamat http(s), jadi kode QR tidak digambar; pastikan dulu dengan layanan sebelum ada yang membayar lewat link itu.",
    paymentLink: "Link pembayaran",
    qrLink: "Link QR",
    invoice: "Invoice",
    totalToPay: "Total bayar",
    expires: "Berlaku sampai",
    waiting: (remaining: string) => `Menunggu pembayaran: link berakhir ${remaining} lagi`,
    leaveKeys: "(q, Enter, Esc: keluar)",
    received: (balance: string) => `Pembayaran diterima: saldo sekarang ${balance}.`,
    expired: "Link pembayaran kedaluwarsa; tidak ada dana terpotong. Jalankan `reseller topup` untuk link baru.",
    stillValid: "Link tetap berlaku sampai kedaluwarsa; `reseller balance` menunjukkan kapan sudah dibayar.",
  },
  settings: {
    mustBe: (where: string, rule: string, text: string) => `${where} harus ${rule}, bukan "${text}".`,
    timeZone: "zona waktu seperti Asia/Jakarta atau Asia/Makassar",
    wholeFromTo: (unit: string, min: number, max: number) =>
      `${unit ? `${unit} bulat` : "bilangan bulat"} dari ${min} sampai ${max}`,
    wholeFrom: (min: number) => `bilangan bulat mulai ${min}`,
    range: (min: number, max: number) => ` (${min} sampai ${max})`,
    positiveWhole: (unit: string) => (unit ? `jumlah ${unit}, bilangan bulat positif` : "bilangan bulat positif"),
    units: { seconds: "detik", hours: "jam", megabytes: "megabyte" },
    stored: {
      oneOf: (values: string) => `salah satu dari ${values}`,
      timeZone: "zona waktu seperti Asia/Jakarta",
      text: "teks",
    },
    notAUrl: (address: string) => `Alamat layanan "${address}" bukan URL.`,
    notAUrlHint: "Tulis alamat sebelum /v1, mis. https://api.example.com",
    notHttps: (protocol: string) => `Alamat layanan harus diawali https:// (yang diberikan ${protocol}).`,
    credentialsInUrl: (address: string) =>
      `Alamat layanan memuat nama pengguna atau kata sandi (${address}); reseller tidak mengirim maupun menyimpan kredensial dengan cara itu.`,
    credentialsInUrlHint: "Tulis alamatnya saja (https://host/...); layanan mengenali Anda lewat API key.",
    clearText: (host: string) => `API key tidak dikirim tanpa enkripsi ke ${host}.`,
    clearTextHint: "Pakai alamat https://, atau tambahkan --insecure kalau memang itu maksudnya.",
    noSuchSetting: (text: string) => `Tidak ada pengaturan "${text}".`,
    settingsAre: (names: string) => `Pengaturan yang ada: ${names}.`,
    configInvalid: (path: string, what: string) => `File config ${path} ${what}.`,
    notJson: (where: string) => `bukan JSON${where}`,
    itIsEmpty: " (isinya kosong)",
    atLineColumn: (line: number, column: number) => ` (di baris ${line}, kolom ${column})`,
    notProfiles: 'tidak berisi {"profiles": {"NAME": {...}}}',
    badValue: (value: string, key: string, profile: string, rule: string) =>
      `berisi ${value} sebagai ${key} profil "${profile}", padahal harus ${rule}`,
    aList: "daftar",
    aKind: (kind: string) => `sebuah ${kind}`,
    repairValue: (command: string) => `Jalankan ${command} untuk menggantinya, atau perbaiki file itu dengan tangan.`,
    repairFile: "Perbaiki file itu dengan tangan, atau pindahkan (`mv`) lalu jalankan `reseller login` lagi.",
    busy: (path: string, seconds: number) =>
      `File config ${path} sedang dipegang reseller lain yang menyimpannya lebih dari ${seconds} detik; tidak ada yang diubah.`,
    busyHint: "Coba lagi setelah perintah reseller yang lain selesai.",
    cannotRead: (path: string, why: string) => `File config ${path} tidak bisa dibaca: ${why}.`,
    dirIsLink: (dir: string) =>
      `${dir} adalah tautan simbolik: reseller menyimpan config dan API key hanya di direktori miliknya sendiri.`,
    giveReadAccess: (path: string) =>
      `Beri diri Anda izin baca (\`chmod 600 ${path}\`), atau jalankan reseller sebagai pemilik file itu.`,
    pointAtDir: (dir: string) => `Arahkan RESELLER_CONFIG_DIR ke sebuah folder: sebagian dari ${dir} adalah file.`,
    moveAside: (path: string) =>
      `Pindahkan file itu (\`mv ${path} ${path}.old\`) lalu jalankan \`reseller login\` lagi.`,
    cannotSave: (path: string, why: string) =>
      `File config ${path} tidak bisa disimpan: ${why}; tidak ada yang diubah.`,
    cannotLock: (lock: string, why: string) => `Kunci ${lock} tidak bisa diambil: ${why}; tidak ada yang diubah.`,
    notALock: (lock: string) =>
      `reseller membuat kuncinya sebagai file biasa, jadi yang ini bukan milik reseller: hapus (\`rm ${lock}\`) lalu coba lagi.`,
    freeDisk: "Kosongkan sebagian ruang disk, lalu coba lagi.",
    makeWritable: (dir: string) =>
      `Buat ${dir} bisa Anda tulisi, atau arahkan RESELLER_CONFIG_DIR ke folder yang bisa ditulisi.`,
    fileProblems: {
      ELOOP: "file itu tautan simbolik, dan reseller tidak mengikuti tautan ke file-filenya sendiri",
      EISDIR: "itu sebuah folder",
      ENOTREG: "itu bukan file biasa",
      ENOTDIR: "sebagian jalurnya bukan folder",
      EACCES: "izin ditolak",
      EPERM: "izin ditolak",
      EROFS: "sistem file hanya-baca",
      ENOSPC: "disk penuh",
      EDQUOT: "kuota disk habis",
      EIO: "disk tidak bisa dibaca atau ditulisi",
      EEXIST: "ada file lain dengan nama itu yang menghalangi",
    },
    linkRefused:
      "Taruh salinan file yang ditunjuk tautan itu di tempatnya, atau arahkan RESELLER_CONFIG_DIR ke folder tempat file itu berada.",
    cannotWriteResults: (path: string, why: string) => `Hasil tidak bisa ditulis ke ${path}: ${why}.`,
    cannotWriteResultsHint: "Sebut file lain dengan --out.",
    isTheOrdersFile: (path: string) => `itu file order ${path}`,
    isOrdersFile: (path: string) => `itu file order ${path}, yang isinya akan terhapus`,
    configDirOwner: (dir: string, uid: number) => `folder config ${dir} (uid ${uid})`,
    fileOwner: (path: string, uid: number) => `${path} (uid ${uid})`,
    dirOpen: (dir: string, mode: string) =>
      `Folder config ${dir} terbuka untuk orang lain (${mode}) dan berisi lebih dari file reseller, jadi izinnya dibiarkan; file reseller sendiri di dalamnya hanya milik Anda. Beri reseller folder sendiri (RESELLER_CONFIG_DIR).`,
    ownedByAnother: (what: string) =>
      `Dimiliki pengguna lain: ${what}. Pengguna itu bisa membaca API key Anda dan mengubah apa yang dikirim reseller; pakai folder config milik Anda sendiri (RESELLER_CONFIG_DIR).`,
    tightened: (what: string) =>
      `Akses grup dan pengguna lain dicabut dari ${what}: reseller menjaga file-filenya hanya bisa dibaca Anda.`,
    notSet: (key: string, profile: string) => `${key} belum diatur untuk profil "${profile}".`,
    secretRefused: (what: string) =>
      `${what} tidak bisa diatur dengan \`config set\`: baris perintah terlihat di \`ps\` dan tersimpan di riwayat shell Anda.`,
    secrets: {
      api_key: {
        called: "API key",
        instead:
          "Jalankan `reseller login` (ditanyakan tanpa ditampilkan), atau kirim API key lewat pipe: `printf '%s' \"$KEY\" | reseller login --with-key`. Kalau barusan Anda mengetik API key asli, sebaiknya ganti API key itu.",
      },
      webhook_secret: {
        called: "Secret webhook",
        instead:
          "Jalankan `reseller webhook secret --save` (layanan membuat yang baru), atau isi RESELLER_WEBHOOK_SECRET di lingkungan penerima webhook.",
      },
    },
    droppedV1: (address: string) => `/v1 di ujung dibuang: alamat layanan adalah bagian sebelumnya (${address}).`,
    plainHttp: "Alamat ini http biasa: setiap perintah butuh --insecure untuk memakainya.",
    set: (key: string, value: string, profile: string) => `${key} diatur jadi ${value} untuk profil "${profile}".`,
    or: " atau ",
    overrides: (by: string, key: string, value: string) => `${by} menimpanya di sini (${key} yang dipakai: ${value}).`,
    profileIn: (profile: string, path: string, others: string) =>
      `Profil "${profile}" di ${path}${others ? ` (profil lain: ${others})` : ""}`,
    setting: "Pengaturan",
    value: "Nilai",
    from: "Sumber",
    sources: {
      flag: "opsi",
      environment: "lingkungan",
      profile: "profil",
      locale: "locale sistem",
      default: "bawaan",
    },
    invalid: "tidak valid",
    unreadable: "tak terbaca",
    loggedOut: (profile: string, key: string, baseUrlKept: boolean) =>
      `Keluar dari profil "${profile}": API key ${key} dihapus${baseUrlKept ? "; alamat layanan tetap disimpan" : ""}.`,
    noStoredKey: (profile: string) =>
      `Profil "${profile}" tidak punya API key tersimpan; tidak ada yang perlu dilakukan.`,
    environmentKeyStays: "RESELLER_API_KEY masih terisi di lingkungan ini dan akan tetap dipakai; hapus juga.",
  },
  service: {
    // A decimal comma, as Indonesians write it: 0,4 detik.
    seconds: (n: string) => `${n.replace(".", ",")} detik`,
    retrying: (method: string, path: string, delay: string, attempt: number, attempts: number, why: string) =>
      `Mencoba lagi ${method} ${path} dalam ${delay} (percobaan ${attempt} dari ${attempts}; ${why})`,
    lastFailed: (words: string) => `yang terakhir gagal: ${words}`,
    lastSaid: (code: string) => `jawaban terakhir ${code}`,
    nothing: "kosong",
    waitPastTimeout: (wait: string, timeout: string) =>
      `Layanan meminta menunggu ${wait} sebelum mencoba lagi; itu melewati --timeout perintah ini, ${timeout}. Coba lagi nanti.`,
    notJson: (method: string, path: string, empty: boolean, status: number) =>
      `Layanan menjawab ${method} ${path} dengan ${empty ? "isi kosong" : "sesuatu yang bukan JSON"} (HTTP ${status}).`,
    pageNotJson: (method: string, path: string, status: number, empty: boolean) =>
      `Layanan menjawab ${method} ${path} dengan HTTP ${status} dan ${empty ? "isi kosong" : "halaman yang bukan JSON"}.`,
    notOffered: (what: string) => `Layanan ini tidak menyediakan ${what}.`,
    notOfferedHint:
      "Dokumentasinya mungkin mencantumkannya, tapi layanan ini menjawab bahwa endpoint itu tidak ada. Kalau setiap perintah berkata begini, periksa alamat layanan (`reseller config get base_url`).",
    endpoints: {
      accountCheck: "cek akun",
      transactions: "daftar transaksi",
      balanceHistory: "riwayat saldo",
    },
    endpointIs: (what: string, endpoint: string) => `${what} (${endpoint})`,
    emptySegment: (what: string) => `${what} yang diberikan kosong.`,
    notASegment: (value: string, what: string) => `"${value}" bukan ${what}.`,
    refOrInvoice: "ref_id atau invoice",
    lockToken: "token kunci stok",
    keyNotSendable: "API key memuat karakter kontrol (ganti baris atau tab ikut tertempel?); tidak ada yang terkirim.",
    keyNotSendableHint: "Simpan lagi API key tanpa karakter itu: `reseller login`, atau periksa RESELLER_API_KEY.",
    noCompleteAnswer: (within: string) => `tidak ada jawaban utuh dalam ${within}`,
    tooLarge: (method: string, path: string, megabytes: number) =>
      `Jawaban layanan untuk ${method} ${path} lebih besar dari ${megabytes} MB; reseller berhenti membacanya.`,
    tooLargeHint:
      "Layanan seharusnya tidak memberi jawaban seperti ini; coba lagi nanti, atau jalankan dengan --verbose untuk melihat awalnya.",
    certificate: (baseUrl: string, code: string) =>
      `Sertifikat ${baseUrl} tidak bisa diverifikasi (${code}); tidak ada yang terkirim.`,
    certificateHint:
      "Mungkin ada pihak di antara Anda dan layanan yang menyadap koneksi (proxy, captive portal, penyerang), atau alamatnya salah. Periksa alamat layanan dan jaringan Anda; jangan matikan cek sertifikat untuk melewatinya.",
    unreachable: (baseUrl: string, what: string, words: string, nothingSent: boolean) =>
      `Layanan di ${baseUrl} ${what}${words ? `: ${words}` : ""}${nothingSent ? "; tidak ada yang terkirim" : ""}.`,
    notReachedInTime: "tidak bisa dihubungi tepat waktu",
    notReached: "tidak bisa dihubungi",
    noAnswerInTime: "tidak menjawab tepat waktu",
    noAnswer: "tidak menjawab",
    dropped: "memutus koneksi sebelum menjawab",
    mayHaveBeenProcessed: "Permintaan itu mungkin sudah diproses; periksa dulu sebelum mencoba lagi.",
    checkNetwork:
      "Periksa jaringan Anda, proxy (HTTPS_PROXY, HTTP_PROXY) dan alamat layanan (`reseller config get base_url`), lalu coba lagi.",
    refused: "Layanan menolak permintaan itu.",
    checkKey: "Periksa API key Anda: `reseller login`.",
    closedByPeer: (why: string) => `pihak seberang menutup koneksi (${why})`,
    noConnectionWithin: (ms: number) => `tidak tersambung dalam ${ms} ms`,
    noTunnel: (why: string) => `proxy tidak membuka terowongan (${why})`,
    theAnswer: "jawaban",
    answerTo: (where: string, what: string) => `Jawaban layanan untuk ${where} ${what}.`,
    numberTooLarge: (value: string) => `memuat angka yang terlalu besar untuk nyata (${value})`,
    noData: (isNull: boolean) => (isNull ? "tidak berisi data (data-nya null)" : "tidak berisi objek data"),
    noList: (isNull: boolean) => `tidak berisi daftar${isNull ? " (data-nya null)" : ""}`,
    noBalance: "tidak berisi saldo",
    noPaymentLink: "tidak berisi link pembayaran, link QR, maupun invoice",
    noItemId: "tidak berisi id produk",
    noLockToken: "tidak berisi token kunci stok",
    namesNoAccount: "tidak menyebut nama akun",
    nestedTooDeep: "…(bersarang terlalu dalam untuk ditampilkan; lihat --json)",
    attempt: (n: number) => ` (percobaan ${n})`,
    readAsItArrives: " (dibaca sambil tiba)",
    bytesRead: (size: number) => `(${size} byte dibaca sambil tiba)`,
    failedAfter: (method: string, path: string, ms: number, cause: string) =>
      `${method} ${path} gagal setelah ${ms} ms: ${cause}`,
    bodyWithheld: "(isi disembunyikan: memuat secret webhook)",
  },
  trx: {
    none: (status: string, page: number) =>
      `Tidak ada transaksi${status ? ` berstatus ${status}` : ""}${page > 1 ? ` di halaman ${page}` : ""}.`,
    settled: (refId: string, said: string, invoice: string) =>
      `Dicatat di jurnal: ${refId} ${said}${invoice ? ` (invoice ${invoice})` : ""}.`,
    wasVerdict: (verdict: string) => `${verdict}`,
    deliveryFailed: (refunded: string) =>
      `sudah dibeli, dan pengirimannya gagal${refunded ? ` (${refunded} dana dikembalikan)` : ""}`,
  },
  jq: {
    cannotRead: (message: string) => `--jq: jq tidak bisa membaca ekspresinya: ${message}`,
    failed: (message: string) => `--jq: saringan gagal: ${message}`,
    syntaxHint:
      "Ekspresinya memakai bahasa jq, mis. --jq '.data.balance' atau --jq '.data[] | select(.status == \"pending\") | .ref_id'.",
    failedHint:
      "Perintahnya sendiri sudah jalan; hanya saringannya yang gagal. Coba ekspresi itu pada keluaran --json-nya.",
  },
  catalogue: {
    checking: "Mengecek perubahan katalog",
    fetching: "Mengambil katalog",
    spinner: (doing: string) => `${doing}…`,
    progress: (doing: string, text: string) => `${doing}: ${text}`,
    itemsSoFar: (n: number) => `${n.toLocaleString("id-ID")} produk sejauh ini…`,
    pageOf: (page: number, of: number | null, n: number) =>
      `halaman ${page}${of !== null ? ` dari ${of}` : ""}, ${n.toLocaleString("id-ID")} produk…`,
    showingOld: (failure: string, when: string) => `${failure} Menampilkan katalog seperti saat dicek ${when}.`,
    resumed: " (melanjutkan dari halaman yang disimpan proses sebelumnya)",
    fetched: (n: number, resumed: string) => `${n} produk diambil${resumed}.`,
    changed: (n: number, resumed: string) => `${n} produk berubah sejak pengecekan terakhir${resumed}.`,
    notKept: (dir: string, why: string) =>
      `Katalog tidak bisa disimpan di ${dir} (${why}); panggilan berikutnya mengambilnya lagi.`,
    noneMatch: "Tidak ada produk yang cocok.",
    empty: "Katalognya kosong.",
    noCategory: (category: string) => `Katalog tidak punya kategori "${category}".`,
    categories: (names: string) => `Kategori: ${names}.`,
    noCategories: "Katalog tidak menyebut kategori apa pun.",
    headerTooLong: "kepala katalog tidak muat di barisnya",
    copyEndedEarly: "salinan katalog berakhir sebelum waktunya",
    notReadBack: "katalog yang baru ditulis tidak bisa dibaca kembali",
    entryTooLarge: (megabytes: number) =>
      `Satu entri katalog layanan lebih besar dari ${megabytes} MB; reseller berhenti membacanya.`,
    answerEmptyOrNotJson: "Jawaban katalog dari layanan kosong atau bukan JSON.",
    answerGoesOn: "Jawaban katalog dari layanan masih berlanjut setelah akhirnya.",
    answerEndedEarly: "Jawaban katalog dari layanan berhenti sebelum lengkap.",
    answerNotJson: "Jawaban katalog dari layanan bukan JSON.",
    answerNotObject: "Jawaban katalog dari layanan bukan objek JSON.",
    syncTimedOut: "Katalog tidak tiba utuh dalam waktu yang diberikan untuk memperbaruinya.",
    tooManyVariants: (max: number) =>
      `Katalog melewati ${max.toLocaleString("id-ID")} varian; reseller berhenti membacanya.`,
    tooManyVariantsHint:
      "Katalog sungguhan jauh lebih kecil. Kalau katalog Anda memang sebesar ini, naikkan RESELLER_MAX_CATALOGUE_MB.",
    allAtOnceGave: (count: number, total: string) => `per_page=all memberi ${count} dari ${total} produk`,
    more: "lebih banyak",
    whole: "Katalog",
    changes: "Perubahan katalog",
    askedAtOnce: (how: string) => ` Diminta sekaligus, ${how}.`,
    askedAtOnceFailed: (message: string) => ` Diminta sekaligus (per_page=all): ${message}`,
    noPage: "tidak ada halaman yang tiba",
    pagesArrived: (kept: number, of: number | null, items: number) =>
      `${kept}${of !== null ? ` dari ${of}` : ""} halaman tiba (${items.toLocaleString("id-ID")} produk)`,
    fetchFailed: (what: string, atOnce: string, reached: string, page: number) =>
      `${what} tidak bisa diambil utuh.${atOnce} Lalu per halaman, ${reached}, dan halaman ${page} gagal.`,
    arrivedKept: (page: number) =>
      `Yang sudah tiba disimpan: \`reseller items\` lagi melanjutkan dari halaman ${page} (dalam satu jam). --timeout yang lebih besar memberi tiap permintaan waktu lebih lama.`,
    tryLater: "Coba lagi nanti, atau dengan --timeout yang lebih besar.",
    changesTakeNoFilter: "--changes menampilkan semua perubahan katalog; tanpa --search, --category atau --process.",
    changesFilterHint: "Saring barisnya saja: reseller items --changes | grep -i telkomsel",
    pricesNotKept: (why: string) => `Harga tidak bisa disimpan untuk --changes berikutnya (${why}).`,
    noEarlierCopy:
      "Belum ada salinan katalog sebelumnya untuk dibandingkan; --changes berikutnya akan menyebut perubahan sejak sekarang.",
    nothingChanged: (since: string) => `Tidak ada perubahan sejak ${since}.`,
    change: "Perubahan",
    oldPrice: "Harga lama",
    oldShort: "Lama",
    newPrice: "Harga baru",
    newShort: "Baru",
    kinds: {
      price: "harga",
      new: "baru",
      gone: "hilang",
      out_of_stock: "stok habis",
      back_in_stock: "stok tersedia lagi",
      disrupted: "gangguan",
      recovered: "normal lagi",
    },
    changeCount: (n: number, since: string) => `${n} perubahan sejak ${since}.`,
    minimumOrder: "Minimal order",
    orderProcess: "Proses order",
    requiredFields: "Isian wajib",
    openAmount: "Nominal bebas",
    accountCheck: "Cek akun",
    description: "Deskripsi",
    none: "tidak ada",
    amount: "nominal",
    no: "tidak",
    notOffered: "tidak tersedia",
    offered: "tersedia",
    offeredWithZone: "tersedia, perlu zona",
  },
  serviceCodes: {
    BALANCE_IS_INSUFFICIENT: {
      message: "Saldo Anda tidak cukup untuk pembelian ini.",
      suggestion: "Isi saldo dengan `reseller topup`, lalu beli lagi dengan --ref-id yang sama.",
    },
    SMM_ORDER_REQUIRES_JSON_NOTE: {
      message: "Produk SMM ini butuh catatan berupa JSON dengan target.",
      suggestion: "Pakai --target (dan --opt/--comment), reseller yang menyusun catatannya.",
    },
    REF_ID_ALREADY_EXIST: {
      message: "ref_id ini sudah pernah dipakai.",
      suggestion: "Lihat pembelian itu dengan `reseller trx show <ref_id>`, atau pilih --ref-id lain.",
    },
    TRX_NOT_FOUND: {
      message: "Tidak ada transaksi dengan ref_id atau invoice ini.",
      suggestion: "Periksa id-nya; `reseller history` menampilkan ref_id yang dikirim dari mesin ini.",
    },
    ITEM_NOT_FOUND: { message: "Tidak ada produk aktif dengan id ini." },
    INSUFFICIENT_STOCK: { message: "Stok tidak cukup untuk jumlah ini." },
    MINIMUM_ORDER_NOT_MET: {
      message: "Jumlahnya di bawah minimal order produk ini.",
      suggestion: "Lihat minimalnya dengan `reseller item <id>`.",
    },
    LOCK_NOT_REQUIRED: {
      message: "Stok produk ini tidak terbatas, jadi tidak perlu dikunci.",
      suggestion: "Langsung beli dengan `reseller buy`.",
    },
    MAX_ACTIVE_LOCKS_REACHED: {
      message: "Jumlah kunci stok Anda sudah mencapai batas layanan.",
      suggestion: "Lepas satu dengan `reseller lock release <token>` atau tunggu sampai ada yang berakhir.",
    },
    LOCK_NOT_FOUND: {
      message: "Tidak ada kunci stok Anda dengan token ini.",
      suggestion: "Lihat kunci stok Anda dengan `reseller lock list`.",
    },
    LOCK_EXPIRED: {
      message: "Kunci stok sudah berakhir; stoknya tidak lagi disisihkan.",
      suggestion: "Kunci lagi dengan `reseller lock add`, atau beli tanpa --lock.",
    },
    LOCK_RELEASED: { message: "Kunci stok itu sudah dilepas." },
    LOCK_ALREADY_USED: { message: "Kunci stok itu sudah dipakai untuk pembelian." },
    LOCK_MISMATCH: {
      message: "Produk atau jumlahnya tidak sesuai dengan kunci stok.",
      suggestion: "Pakai produk dan jumlah milik kunci itu (`reseller lock list`).",
    },
    INVALID_API_KEY: {
      message: "Layanan tidak menerima API key ini.",
      suggestion: "Login lagi dengan `reseller login`, atau periksa RESELLER_API_KEY.",
    },
    VALIDATION_ERROR: { message: "Layanan menolak beberapa isian." },
    SERVICE_UNAVAILABLE: { message: "Layanan sedang tidak tersedia.", suggestion: "Coba lagi sebentar lagi." },
    PRODUCT_TEMPORARILY_UNAVAILABLE: {
      message: "Produk ini sedang gangguan; order ditolak dan saldo tidak terpotong.",
      suggestion: "Coba lagi nanti dengan --ref-id yang sama, atau pilih produk lain.",
    },
    REQUIRED_FIELD_MISSING: {
      message: "Produk ini butuh isian yang tidak ada di order.",
      suggestion: "Lihat isian wajib produk dengan `reseller item <id>`.",
    },
    OUT_OF_STOCK: { message: "Stok produk ini habis." },
    ACCOUNT_MUST_BE_RESELLER: {
      message: "Akun ini bukan akun reseller.",
      suggestion: "Pakai API key dari akun reseller.",
    },
    INVALID_IP: {
      message: "Layanan tidak menerima permintaan dari alamat IP mesin ini.",
      suggestion: "Tambahkan IP mesin ini ke whitelist di dashboard.",
    },
    THE_ACCOUNT_HAS_BEEN_SUSPENDED: { message: "Akun ini sedang dibekukan." },
    ACCOUNT_NOT_FOUND: {
      message: "Tidak ada akun dengan ID pelanggan ini.",
      suggestion: "Cek lagi ID (dan zona) dengan pelanggan.",
    },
    VALIDATION_NOT_AVAILABLE: { message: "Layanan tidak menyediakan cek akun untuk produk ini." },
    WEBHOOK_URL_NOT_SET: {
      message: "URL webhook belum diatur, jadi tidak ada tujuan pengirimannya.",
      suggestion: "Atur dengan `reseller webhook set --url https://…`, lalu coba lagi.",
    },
    WEBHOOK_SECRET_NOT_SET: {
      message: "Secret webhook belum dibuat, jadi event tidak bisa ditandatangani.",
      suggestion: "Buat dengan `reseller webhook secret --save`, lalu coba lagi.",
    },
    TOO_MANY_REQUESTS: {
      message: "Layanan sedang menerima terlalu banyak permintaan dari akun ini.",
      suggestion: "Tunggu sebentar lalu coba lagi.",
    },
    PAYLOAD_TOO_LARGE: {
      message: "Permintaannya terlalu besar untuk layanan.",
      suggestion: "Kirim lebih sedikit baris sekaligus.",
    },
    INVALID_JSON: {
      message: "Layanan tidak bisa membaca permintaannya.",
      suggestion: "Ini bug di reseller: tolong laporkan beserta keluaran --verbose.",
    },
  },
  trxNotFound: (ref: string) => `Tidak ada transaksi dengan ref_id atau invoice ${ref}.`,
  // The settings' words in `help environment`, by their English text (src/config/definitions.ts).
  declared: {
    "print the service's JSON (errors as JSON on stderr)":
      "tampilkan JSON dari layanan (kegagalan sebagai JSON di stderr)",
    "filter the JSON with jq (implies --json); strings print raw, like gh --jq":
      "saring JSON dengan jq (berarti --json); teks dicetak apa adanya, seperti gh --jq",
    "allow a plain http:// base URL that is not this machine": "izinkan alamat http:// biasa yang bukan mesin ini",
    "which stored account": "akun tersimpan yang dipakai",
    "service address, the part before /v1; its scheme and host are taken in lower case":
      "alamat layanan, bagian sebelum /v1; skema dan host-nya dibaca huruf kecil",
    "the API key; wins over the stored one. There is no --api-key flag: a command line leaks into ps and shell history":
      "API key; menang atas yang tersimpan. Tidak ada opsi --api-key: baris perintah bocor ke ps dan riwayat shell",
    "per request": "per permintaan",
    "retries after the first attempt": "jumlah coba ulang setelah percobaan pertama",
    "how long buy --wait and trx show --watch wait for the delivery":
      "berapa lama buy --wait dan trx show --watch menunggu pengiriman",
    "how far back buy looks for the same order bought under another ref_id":
      "seberapa jauh ke belakang buy mencari order yang sama yang dibeli dengan ref_id lain",
    "what webhook listen verifies events with; wins over the saved one":
      "yang dipakai webhook listen untuk memeriksa keaslian event; menang atas yang tersimpan",
    "largest catalogue read at once (2,048 variants a megabyte)":
      "katalog terbesar yang dibaca sekaligus (2.048 varian per megabyte)",
    "the shop's name, at the top of the receipts for customers": "nama toko, di bagian atas struk untuk pelanggan",
    "the shop's time zone, for every time a screen shows: lists, transactions, receipts, reports and `webhook listen` (WIB, WITA, WIT or any other)":
      "zona waktu toko, untuk setiap jam di layar: daftar, transaksi, struk, laporan dan `webhook listen` (WIB, WITA, WIT atau zona lain)",
    "no pager for long lists on a terminal; else RESELLER_PAGER or PAGER names one (empty: none), by default `less -FRX`, as git and gh page. Never when piped or with --json":
      "tanpa pager untuk daftar panjang di terminal; kalau tidak, RESELLER_PAGER atau PAGER menentukan pager-nya (kosong: tanpa pager), bawaannya `less -FRX`, seperti git dan gh. Tidak pernah lewat pipe atau dengan --json",
    "no colours": "tanpa warna",
    "colours even when not on a terminal": "tetap berwarna walau bukan di terminal",
    "never prompt; a missing value is exit 2 naming the flag":
      "jangan pernah bertanya; nilai yang kurang jadi exit 2 dengan menyebut opsinya",
    "log each HTTP exchange to stderr, the API key cut to its last 4 characters":
      "catat setiap pertukaran HTTP ke stderr, API key dipotong jadi 4 karakter terakhirnya",
    "the language people read: id (Bahasa Indonesia) or en; else the locale (id_* is Indonesian), else English":
      "bahasa yang dibaca orang: id (Bahasa Indonesia) atau en; kalau tidak, locale (id_* berarti Indonesia), kalau tidak, Inggris",
    "where the config, the journal, the lock cache, catalogue copies and webhook deliveries live":
      "tempat config, journal, cache kunci stok, salinan katalog dan kiriman webhook disimpan",
    "the width tables are fitted to": "lebar yang dipakai tabel",
    "the terminal's width, else 80": "lebar terminal, kalau tidak 80",
    "lay stdout out as for a terminal (tables); colours stay off unless forced":
      "tata stdout seperti di terminal (tabel); warna tetap nonaktif kecuali dipaksa",
    "honoured by the HTTP client; localhost, 127.0.0.0/8 and ::1 never proxied":
      "dipakai klien HTTP; localhost, 127.0.0.0/8 dan ::1 tidak pernah lewat proxy",
    "turns certificate checks off; honoured, and warned about on every call":
      "mematikan cek sertifikat; dituruti, dan diperingatkan di setiap panggilan",
    "where start-up caches go; keep none": "tempat cache start-up disimpan; atau tanpa cache sama sekali",
    "https://, or http:// on this machine or with --insecure":
      "https://, atau http:// di mesin ini atau dengan --insecure",
    "whole seconds from 1 to 3600": "detik bulat dari 1 sampai 3600",
    "a whole number from 0 to 10": "bilangan bulat dari 0 sampai 10",
    "a positive whole number of seconds": "jumlah detik, bilangan bulat positif",
    "a positive whole number of hours": "jumlah jam, bilangan bulat positif",
    "whole megabytes from 1 to 999999": "megabyte bulat dari 1 sampai 999999",
    "an IANA time zone, e.g. Asia/Makassar": "zona waktu IANA, mis. Asia/Makassar",
    "id or en": "id atau en",
  },
  commandHelp: {
    "": {
      summary: "Beli produk digital prabayar dari Reseller Commerce Service: saldo, isi saldo, pembelian, kunci stok.",
      options: {
        "--version": "tampilkan versi (juga `reseller version`)",
        "--json": "tampilkan JSON dari layanan (kegagalan sebagai JSON di stderr)",
        "--jq": "saring JSON dengan jq (berarti --json); teks dicetak apa adanya, seperti gh --jq",
        "--profile": 'akun tersimpan yang dipakai (env RESELLER_PROFILE; bawaan "default")',
        "--base-url":
          "alamat layanan, bagian sebelum /v1; skema dan host-nya dibaca huruf kecil (env RESELLER_BASE_URL)",
        "--timeout": "batas waktu per permintaan, detik (env RESELLER_TIMEOUT; bawaan 30)",
        "--no-color": "tanpa warna (juga NO_COLOR, CLICOLOR=0)",
        "--no-input":
          "jangan pernah bertanya; nilai yang kurang jadi kode keluar 2 dengan nama opsinya (juga RESELLER_NO_INPUT, CI)",
        "--verbose":
          "catat tiap pertukaran HTTP ke stderr, API key dipotong jadi 4 karakter terakhir (juga RESELLER_DEBUG=1)",
        "--insecure": "izinkan alamat http:// biasa yang bukan mesin ini",
        "--no-pager":
          "tanpa pager untuk daftar panjang di terminal; kalau tidak, RESELLER_PAGER atau PAGER menentukan pager-nya (kosong: tanpa pager), bawaannya `less -FRX`, seperti git dan gh. Tidak pernah lewat pipe atau dengan --json (juga RESELLER_PAGER, PAGER)",
        "--lang":
          "bahasa tampilan: id (Bahasa Indonesia) atau en; kalau tidak diisi, mengikuti locale (id_* berarti Indonesia), selain itu Inggris (env RESELLER_LANG)",
      },
    },
    login: {
      summary: "simpan API key untuk profil (diketik tersembunyi, atau dari stdin dengan --with-key); dicek dulu",
      options: {
        "--with-key": "baca API key dari stdin, tanpa ditanya",
      },
    },
    version: {
      summary: "tampilkan versi reseller (juga -v dan --version)",
      piped: 'versinya saja, seperti 0.1.0; dengan --json {"version": …}',
    },
    help: {
      summary: "bantuan sebuah perintah, atau topik: environment (variabel dan opsi), exit-codes",
      arguments: {
        topic: "sebuah perintah (`lock add`) atau topik: environment, exit-codes",
      },
    },
    logout: {
      summary: "hapus API key dari profil",
    },
    config: {
      summary: "lihat dan ubah pengaturan tersimpan",
    },
    "config list": {
      summary: "semua pengaturan profil, API key disamarkan",
      piped:
        "satu baris per pengaturan, dipisah tab: pengaturan, nilai (API key disamarkan), asalnya (`flag`, `environment`, `profile`, `default`)",
    },
    "config get": {
      summary: "satu pengaturan",
      arguments: {
        key: "base_url, api_key, timeout, max_retries, wait_timeout, repeat_window, webhook_secret, shop_name, time_zone, language",
      },
      piped: "nilainya saja; kosong bila belum diatur",
    },
    "config set": {
      summary: "ubah pengaturan (API key hanya lewat `reseller login`)",
      arguments: {
        key: "base_url, timeout, max_retries, wait_timeout, repeat_window, shop_name, time_zone, language",
      },
    },
    "config path": {
      summary: "lokasi file konfigurasi",
      piped: "path-nya saja",
    },
    balance: {
      summary: "saldo Anda, saat ini juga",
      options: {
        "--below":
          "untuk cron dan bot: kode keluar 1 dengan satu baris di stderr bila saldo di bawah angka ini (100000, 100rb)",
      },
      piped: "satu baris, dipisah tab: `balance`, nominal dalam Rupiah",
    },
    "balance history": {
      summary: "mutasi saldo, terbaru dulu: pembelian, dana dikembalikan, isi saldo",
      options: {
        "--page": "halaman riwayat yang mana (bawaan 1, yang terbaru)",
      },
      about:
        "Lewat pipe, satu baris per mutasi, dipisah tab: waktu, jenis, nominal (negatif bila keluar), saldo sebelum, saldo sesudah, keterangan, invoice, lalu nama=nilai untuk tiap kolom yang tidak punya tempat di reseller.",
    },
    channels: {
      summary: "metode pembayaran untuk isi saldo, beserta biayanya",
      piped:
        "satu baris per metode, dipisah tab: kode, nama, biaya (bagian tetap), persentase biaya, minimum, maksimum, on atau off",
    },
    topup: {
      summary: "isi saldo: dapatkan link pembayaran (yang kurang ditanyakan di terminal)",
      options: {
        "--amount": "minimal 10.000, tulis seperti biasa: 50000, 50.000, Rp 50.000, 50rb, 1,5jt",
        "--channel": "kode dari `reseller channels`",
        "--yes": "tanpa konfirmasi",
      },
      piped:
        "satu baris, dipisah tab: link pembayaran (atau link QR), nominal, biaya, total, metode, berlaku sampai, link QR, invoice",
    },
    item: {
      summary: "satu produk: nama, harga, stok, minimal order, isian wajib, rentang nominal bebas, cek akun",
      arguments: {
        id: "id produk (varian)",
      },
      piped:
        "baris label<TAB>nilai: `item`, `name`, `price`, `stock`, minimum_order, order_process, required_fields, open_amount, account_check, `description`",
    },
    validate: {
      summary: "nama akun di balik ID pelanggan, sebelum bayar (produk yang menyediakan cek akun)",
      options: {
        "--item": "id produk (varian)",
        "--customer-id": "user id game pelanggan (atau nomornya)",
        "--zone-id": "zona atau server game, untuk produk yang cek akunnya memerlukannya",
      },
      about: "Lewat pipe: baris label<TAB>nilai; `account` adalah nama akun sebagaimana diberikan layanan.",
    },
    items: {
      summary: "katalog, satu baris per varian yang bisa dibeli, dari salinan yang diperbarui sesuai perubahan",
      options: {
        "--search": "semua kata, huruf besar atau kecil, di kategori, produk, nama atau SKU",
        "--category": "satu kategori, menurut nama atau slug (aplikasi-premium)",
        "--process": "auto, h2h, smm atau manual",
        "--refresh": "ambil ulang seluruh katalog, bukan hanya yang berubah",
        "--changes":
          "perbarui salinan dan tampilkan yang berubah sejak --changes terakhir: harga, baru, hilang, habis, gangguan",
      },
      about:
        'Lewat pipe: satu baris per varian, dipisah tab: id, kategori, produk, nama, harga,\nproses, stok (atau `unlimited`), minimal order, sku, gangguan (kata layanan, atau kosong).\nDengan --changes, satu baris per perubahan: perubahan (`price`, `new`, `gone`,\n`out_of_stock`, `back_in_stock`, `disrupted`, `recovered`), id, harga lama, harga baru, produk, nama; kosong bila tak ada yang berubah.\n--json: {"server_time": …, "items": [{id, sku, category, product, name, price,\nprocess, stock, unlimited, min_order, disrupted bila layanan menyebutnya,\nrecent_failures: {failed, of, window: "1h"} bila baru-baru ini gagal di mesin ini}]}; dengan --changes {server_time, since, changes: [{change, id, product, name, old_price, new_price, status}]}.\nKatalog disimpan di folder konfigurasi: salinan yang umurnya di bawah semenit dipakai\ntanpa bertanya ke layanan; yang lebih lama hanya menanyakan yang berubah.',
    },
    prices: {
      summary: "harga jual Anda: modal, harga jual dan margin tiap produk, atau daftar harga untuk pelanggan",
      options: {
        "--search": "semua kata, huruf besar atau kecil, di kategori, produk, nama atau SKU",
        "--category": "satu kategori, menurut nama atau slug",
        "--format":
          "daftar harga untuk pelanggan, hanya harga jual: csv, md, atau text (Bahasa Indonesia, per produk, untuk WhatsApp)",
      },
      piped:
        "satu baris per varian, dipisah tab: id, kategori, produk, nama, modal, harga jual (kosong tanpa aturan), margin, per (jumlah unit harganya; kosong untuk nominal bebas)",
      details:
        '--json: {"server_time": …, "items": [{…produk seperti di `items --json`, per, cost, selling_price, margin, rule}]}.\nDengan --format, daftarnya saja (produk tanpa harga jual dilewati, dan disebut di stderr).',
    },
    "prices set": {
      summary:
        "pasang aturan markup: untuk semua produk, atau satu kategori, produk atau varian (yang paling khusus yang berlaku)",
      options: {
        "--markup": "persentase dari modal (10%, 7,5%) atau Rupiah yang ditambahkan (1500, 1.500, 1,5rb)",
        "--category": "untuk produk dalam satu kategori (nama atau slug)",
        "--product": "untuk varian dari satu produk (nama atau slug)",
        "--item": "untuk satu varian",
        "--round": "bulatkan harga jual ke atas ke kelipatan angka ini (500, 1rb)",
        "--per":
          "daftar harga menampilkan harga sejumlah unit ini, dinaikkan dan dibulatkan sekaligus (1000 followers)",
      },
    },
    "prices unset": {
      summary: "hapus aturan markup: yang untuk semua produk, atau untuk satu kategori, produk atau varian",
      options: {
        "--category": "untuk produk dalam satu kategori (nama atau slug)",
        "--product": "untuk varian dari satu produk (nama atau slug)",
        "--item": "untuk satu varian",
      },
    },
    "prices rules": {
      summary: "aturan markup profil, yang paling khusus dulu",
      piped:
        "satu baris per aturan, dipisah tab: cakupan (`item`, `product`, `category`, `all`), nama atau id varian, markup (10% atau 1500), pembulatan, per",
    },
    buy: {
      summary: "beli pakai saldo: satu produk, keranjang berisi beberapa, atau banyak order dari file",
      options: {
        "--item": "id produk (varian)",
        "--qty": "jumlah",
        "--note": "data pelanggan: nomor tujuan, user id, atau catatan JSON SMM",
        "--target": "SMM: link atau username; catatan JSON disusun otomatis",
        "--opt": "SMM: opsi tambahan (ulangi untuk lebih dari satu)",
        "--comment": "SMM: komentar untuk layanan komentar",
        "--cart": "satu transaksi berisi beberapa produk: array JSON {item_id, quantity, note}; - untuk stdin",
        "--file": "banyak transaksi dari orders.csv atau orders.jsonl",
        "--concurrency": "dengan --file: order yang diproses bersamaan (bawaan 4)",
        "--out": "dengan --file: tulis juga tiap hasil sebagai baris JSON ke sini",
        "--skip-bought":
          "dengan --file: lewati order yang sama dengan pembelian terakhir (produk, jumlah, pelanggan sama) dan beli yang baru",
        "--again":
          "beli lagi yang sama dengan pembelian terakhir (produk, jumlah, pelanggan sama) tanpa bertanya; dengan --file, baris-baris itu",
        "--repeat-window":
          "seberapa jauh ke belakang cek pembelian ulang, dalam jam (bawaan: repeat_window profil, kalau tidak 48)",
        "--ref-id": "id referensi Anda (bawaan: dibuat otomatis dan ditampilkan)",
        "--lock": "pakai kunci stok dari `reseller lock add`",
        "--wait": "tunggu sampai terkirim, lalu tampilkan SN / lisensi",
        "--wait-timeout":
          "dengan --wait: berhenti menunggu setelah sekian detik (bawaan: wait_timeout profil, kalau tidak 300)",
        "--yes": "tanpa konfirmasi",
        "--plan":
          "cek semua yang akan dicek pembelian dengan flag yang sama, tampilkan yang akan dibeli, yang sudah dibeli dan yang ditolak, serta total dibanding saldo; tidak ada yang dikirim (keluar 0: bisa dijalankan, 2: tidak bisa)",
        "--nominal": "nominal bebas: nominal yang diminta (provider_qty: 50000, 50.000, 50rb); catatan jadi tujuannya",
        "--zone-id": "nominal bebas: zona game, dikirim di catatan sebagai zone_id",
        "--receipt":
          "cetak struk pelanggan setelah terkirim (sekalian menunggu pengirimannya, seperti --wait; lihat `reseller receipt`)",
        "--receipts":
          "dengan --file: struk tiap order yang terkirim (atau sebagian terkirim) ditambahkan ke file ini, satu demi satu (sekalian menunggu pengirimannya, seperti --wait)",
        "--alternatives":
          "bila produk tidak bisa dijual (gangguan, ditolak, tidak dikirim, atau gagal dan dana dikembalikan), beli pengganti berikutnya untuk pelanggan yang sama (`reseller alternatives`; dengan --file, juga kolom alternatives)",
        "--max-price":
          "dengan --alternatives: harga tertinggi sebuah pengganti (bawaan: harga jual produk asal, kalau tidak harga modalnya)",
        "--no-validate": "jangan cek akun pelanggan sebelum beli",
        "--no-check": "lewati cek data pelanggan: bentuk nomor HP (08…, 10-13 digit) dan operatornya, region akun game",
      },
      piped: "satu baris, dipisah tab: invoice, ref_id, status, nominal, waktu dibuat, hasil",
      details:
        "Dengan --wait, baris-baris `reseller trx show`. Dengan --file, satu baris per order: baris, ref_id, hasil (`bought`, `delivered`, `partial`, `delivery_failed`, `refused`, `not_sent`, `unknown`), kode keluar, invoice, nominal, status, kode kegagalan, produk, pelanggan, dana dikembalikan, lalu yang diserahkan (SN, lisensi), satu kolom masing-masing. Dengan --plan, satu baris per baris file: baris, ref_id, rencana (`would_buy`, `already_bought`, `refused`), id produk, produk, jumlah, pelanggan, nominal, harga satuan, harga di salinan katalog bila berbeda, kode masalah, masalah, ref_id pembelian sebelumnya, pengganti; lalu total, saldo, kekurangan, can_run.",
      comments: {
        "reseller buy --file orders.csv --plan": "rencana; tidak ada yang dikirim",
        "reseller buy --item 22 --qty 1 --note 123456789": "sebut nama akunnya dulu",
        "reseller buy --item 29 --nominal 50rb --note 081234567890": "Rp 50.000",
      },
    },
    alternatives: {
      summary: "pengganti yang disimpan untuk tiap produk, sesuai urutan dicoba",
      piped:
        "satu baris per pengganti, dipisah tab: id varian, urutannya (1, 2 …), id pengganti, nama varian, nama pengganti (nama dari katalog tersimpan; kosong bila tidak ada)",
      details: '--json: {"profile": …, "alternatives": [{item_id, item, alternatives: [{item_id, item}]}]}.',
      about:
        "Pengganti adalah produk yang Anda setujui untuk dijual ke pelanggan yang sama bila yang dipesan tidak bisa: gangguan, habis, ditolak, atau gagal dan dana dikembalikan.\n" +
        "`buy --alternatives` membeli yang berikutnya setelah hasil seperti itu (tidak pernah setelah hasil belum pasti atau sebagian terkirim), paling mahal --max-price (bawaan: harga jual produk asal, kalau tidak harga modalnya).",
    },
    "alternatives set": {
      summary: "simpan pengganti sebuah produk, sesuai urutan dicoba (menggantikan daftarnya)",
      arguments: {
        item: "id produk (varian) yang mungkin gangguan",
        alternatives: "produk yang dijual sebagai gantinya, pilihan pertama dulu (paling banyak 5)",
      },
    },
    "alternatives list": {
      summary: "pengganti yang disimpan untuk tiap produk, sesuai urutan dicoba",
      piped:
        "satu baris per pengganti, dipisah tab: id varian, urutannya (1, 2 …), id pengganti, nama varian, nama pengganti (nama dari katalog tersimpan; kosong bila tidak ada)",
      details: '--json: {"profile": …, "alternatives": [{item_id, item, alternatives: [{item_id, item}]}]}.',
    },
    "alternatives unset": {
      summary: "lupakan pengganti sebuah produk",
      arguments: { item: "id produk (varian)" },
    },
    trx: {
      summary: "transaksi",
    },
    "trx list": {
      summary: "transaksi Anda sebelumnya, terbaru dulu",
      options: {
        "--status": "hanya yang ini: pending, paid, completed, failed, canceled (sesuai sebutan layanan)",
        "--page": "halaman yang mana (bawaan 1, yang terbaru)",
        "--per-page": "transaksi per halaman (bawaan layanan kalau tidak diisi)",
        "--no-refresh": "tampilkan dana dikembalikan dan hasil yang tercatat di mesin ini, tanpa bertanya lagi",
      },
      about:
        "Lewat pipe, satu baris per transaksi, dipisah tab: waktu dibuat, ref_id, invoice, status, nominal.\nPembelian di halaman ini dari mesin ini yang hasilnya belum tercatat final ditanyakan dulu (dana dikembalikan dari yang gagal), kecuali dengan --no-refresh.",
    },
    "trx show": {
      summary: "satu transaksi beserta produknya, SN, lisensi dan progres SMM",
      arguments: {
        ref: "ref_id Anda atau nomor invoice",
      },
      options: {
        "--watch": "terus cek sampai terkirim atau gagal",
        "--wait-timeout":
          "dengan --watch: berhenti menunggu setelah sekian detik (bawaan: wait_timeout profil, kalau tidak ada 300)",
      },
      piped: "satu baris per data, dipisah tab, kolom pertama menamainya",
      details:
        "  transaction  invoice, ref_id, status, nominal, waktu dibuat\n  note         catatan layanan (dana dikembalikan, kegagalan)\n  payment_link link-nya\n  item         id produk, nama, jumlah, harga, proses, data pelanggan\n  licence      id produk, satu baris lisensi\n  seller_note  id produk, catatan penjual\n  sn           id produk, status, SN (kosong bila gagal), pesan pemasok atau sebab gagalnya\n  smm          id produk, order, status, jumlah awal, sisa, % terkirim, terkirim, refund, status pemasok\n  outcome      hasil order (`bought`, `delivered`, `partial`, `delivery_failed`), dana yang dikembalikan",
    },
    receipt: {
      summary: "struk untuk pelanggan: produk, pelanggan, SN atau lisensi, harga jual Anda, status yang mereka pahami",
      arguments: {
        ref: "ref_id Anda atau nomor invoice",
      },
      options: {
        "--wa":
          "tambahkan link wa.me yang membuka WhatsApp dengan teks sudah terisi (ke nomor pelanggan kalau tidak diubah)",
      },
      about:
        "Lewat pipe, teks struk apa adanya, lalu link wa.me dengan --wa; --json memberi kolom-kolomnya (status: success, processing, failed, partial; lines; total; refund; text).\nNama toko diambil dari `reseller config set shop_name NAMA`, waktunya di time_zone toko (WIB kecuali diubah dengan `config set time_zone`).\nDalam Bahasa Indonesia untuk pelanggan Anda, kecuali --lang en diberikan di sini (RESELLER_LANG dan bahasa profil itu milik Anda, bukan pelanggan).",
    },
    lock: {
      summary: "kunci stok sebentar sebelum pembeli Anda bayar",
    },
    "lock add": {
      summary: "kunci stok; mencetak token kunci stok",
      options: {
        "--item": "id produk (varian)",
        "--qty": "jumlah, minimal sebesar minimal order produk",
        "--duration": "60 sampai 600 (bawaan 600)",
      },
      piped: "token kunci stok saja",
    },
    "lock list": {
      summary: "kunci stok Anda yang aktif dan sisa waktu masing-masing",
      piped: "satu baris per kunci stok, dipisah tab: token, produk, jumlah, berakhir, sisa detik",
    },
    "lock release": {
      summary: "kembalikan stok sekarang",
      arguments: {
        token: "token kunci stok (LCK-…)",
      },
      piped: "kosong: konfirmasinya ke stderr",
    },
    leaderboard: {
      summary: "10 reseller teratas bulan ini",
      piped: "satu baris per reseller, dipisah tab: peringkat, nama, transaksi",
    },
    "leaderboard me": {
      summary: "peringkat, transaksi dan poin Anda sendiri bulan ini",
      piped: "baris label<TAB>nilai: `rank`, `transactions`, `points`",
    },
    sandbox: {
      summary: "order uji coba: saldo dan stok tidak berubah",
      options: {
        "--item": "id produk (varian)",
        "--qty": "jumlah",
        "--ref-id": "ID referensi Anda (bawaan: dibuat otomatis)",
      },
      piped: "satu baris, dipisah tab: id, ref_id, status, invoice",
    },
    history: {
      summary: "catatan permintaan yang memindahkan dana, terbaru dulu",
      options: {
        "--unresolved": "hanya permintaan yang hasilnya belum pasti",
        "--limit": "paling banyak sekian baris (bawaan 50; dengan --since, semua sejak itu)",
        "--since": "hanya catatan sejak tanggal ini (2026-11-01, tengah malam waktu setempat) atau waktu ini",
        "--refresh": "tanyakan ke layanan posisi tiap catatan yang belum final, lalu catat (bawaan)",
        "--no-refresh": "tampilkan catatan apa adanya, tanpa bertanya ke layanan (lebih cepat, bisa offline)",
        "--all-services": "juga catatan yang dikirim ke alamat layanan lain (diberi tanda)",
      },
      piped:
        "satu baris per permintaan, dipisah tab: waktu, jenis, ref_id (token untuk kunci stok), hasil, nominal, detail, produk, pelanggan, status, invoice, verdict, dana dikembalikan, layanan (diisi bila layanan lain), jenis transaksi (`purchase`, `cart`, `sandbox order`, `stock lock`, `top-up`), net",
    },
    report: {
      summary:
        "pembukuan: order per hasil, belanja, dana dikembalikan, omzet, laba dan isi saldo, per jam, hari, produk atau pelanggan",
      options: {
        "--since":
          "hari ini (bawaan), kemarin, 7h, 30h, minggu ini, bulan ini, atau tanggal seperti 2026-11-01 (zona waktu toko, WIB)",
        "--until": "sampai dan termasuk tanggal ini (bawaan: hari ini)",
        "--by": "baris per hari, jam, produk, kategori atau pelanggan (bawaan: jam untuk satu hari, selain itu hari)",
        "--refresh":
          "tanyakan dulu ke layanan setiap order yang belum final (belum pasti, atau belum terkirim): bawaan",
        "--no-refresh": "hitung order apa adanya di catatan, tanpa bertanya ke layanan (lebih cepat, bisa offline)",
      },
      piped:
        "satu baris per kelompok, lalu baris `total`, dipisah tab: kelompok, order, terkirim, diproses, sebagian terkirim, gagal, ditolak, belum pasti, terpakai, dana dikembalikan, omzet, laba",
      details:
        "--json: {since, until, by, orders, by_verdict, spent, refunded, revenue, profit, unpriced, top_ups: {count, amount, paid}, rows: [...], opening_balance, closing_balance, unaccounted}.\nTerpakai sudah dikurangi dana yang dikembalikan: yang benar-benar diambil dari saldo oleh pembelian itu. Omzet menjumlah harga jual yang dicatat di tiap penjualan; laba = omzet - terpakai. Hasil yang belum pasti dihitung terpisah.",
    },
    pending: {
      summary:
        "order yang belum selesai (belum terkirim, atau hasilnya belum pasti), yang terlama dulu; --follow memantaunya sampai selesai",
      options: {
        "--follow":
          "terus bertanya, makin jarang selama tidak ada perubahan, sampai semua order selesai; teruskan tiap order begitu selesai",
        "--once":
          "sekali jalan untuk cron: teruskan yang sudah selesai; kode keluar 0 tidak ada yang diproses, 1 masih ada, 5 ada hasil yang belum pasti",
        "--receipts":
          "dengan --follow atau --once: tambahkan struk pelanggan tiap order yang selesai (dengan tautan wa.me) ke file ini",
        "--exec":
          "dengan --follow atau --once: jalankan perintah ini per order yang selesai, JSON order di stdin, RESELLER_REF_ID, RESELLER_INVOICE, RESELLER_OUTCOME diisi; keluar 0 = beres",
        "--exec-timeout":
          "paling lama perintah --exec boleh jalan sebelum dihentikan dan dicoba lagi nanti (bawaan 60)",
        "--exec-grace":
          "waktu perintah --exec yang dihentikan (dan yang dijalankannya) antara SIGTERM dan SIGKILL (bawaan 5)",
        "--interval":
          "dengan --follow: jeda pertama antar putaran, jadi dua kali lipat selama tidak ada perubahan (bawaan 5)",
        "--max-interval": "dengan --follow: jeda terlama antar putaran (bawaan 300)",
      },
      piped:
        "satu baris per order yang belum selesai, dipisah tab: waktu beli, ref_id, invoice, hasil (diproses atau belum pasti), status, detik menunggu, jumlah, id produk, jumlah beli, pelanggan. Dengan --follow atau --once, satu baris per order begitu selesai: waktu selesai, ref_id, invoice, hasil, dana dikembalikan, bersih, id produk, jumlah beli, pelanggan",
      details:
        "--json: daftar order; dengan --follow atau --once satu objek per baris per order yang selesai: {ref_id, invoice, outcome, status, amount, refunded, net, bought_at, ended_at, waited_seconds, lines, hand_over, receipt}.\nKode keluar --once: 0 tidak ada yang diproses, 1 masih ada order yang diproses (atau --exec yang belum berhasil), 5 ada hasil yang masih belum pasti.",
    },
    reconcile: {
      summary: "pastikan transaksi di jurnal yang hasilnya belum pasti dengan bertanya ke layanan",
      piped:
        "satu baris per permintaan yang ditanyakan, dipisah tab: waktu, jenis, ref_id (token untuk kunci stok), hasil sekarang, artinya",
    },
    emulator: {
      summary: "jalankan emulator layanan di mesin ini (latihan tanpa keluar uang)",
      options: {
        "--port": "port; 0 memakai port yang kosong (bawaan 8787)",
        "--host": "alamat untuk mendengarkan (bawaan 127.0.0.1)",
        "--state": "simpan keadaan di file ini agar tetap ada setelah dijalankan ulang",
        "--seed": "seed agar SN dan lisensi bisa diulang sama persis",
        "--dialect": "bentuk jawaban: live (bawaan; referensi live), live-short (panduan singkatnya) atau spec",
        "--catalogue-size": "perbesar katalog dengan varian buatan sampai paling sedikit sekian (halaman GET /v1/item)",
        "--print-env": "cetak hanya baris export untuk di-eval shell (RESELLER_BASE_URL, RESELLER_API_KEY)",
        "--detach":
          "jalan di latar belakang dan langsung kembali; memberi tahu cara menghentikannya (dengan --print-env, juga RESELLER_EMULATOR_PID)",
        "--allow-remote-webhooks":
          "kirim POST webhook juga ke URL callback di luar mesin ini (bawaan hanya ke alamat loopback)",
      },
      piped: "baris Base URL dan Demo API key, lalu baris export; dengan --print-env hanya baris export",
      comments: {
        'eval "$(reseller emulator --port 0 --print-env --detach)"': 'lalu: kill "$RESELLER_EMULATOR_PID"',
      },
    },
    webhook: {
      summary: "webhook layanan: tujuannya, secret-nya, dan penerima di mesin ini",
    },
    "webhook show": {
      summary: "URL callback dan apakah webhook aktif",
      piped: "baris label<TAB>nilai: `url`, `enabled`, `has_secret` (lalu kolom lain yang dikirim layanan)",
    },
    "webhook set": {
      summary: "atur URL callback, atau aktifkan/nonaktifkan webhook",
      options: {
        "--url": "tujuan layanan mengirim POST event: https://, atau http:// hanya di mesin ini",
        "--enable": "aktifkan webhook (bawaan bila --url diisi)",
        "--disable": "nonaktifkan webhook, URL tetap disimpan",
      },
    },
    "webhook test": {
      summary: "minta layanan mengirim event webhook.test ke URL callback",
    },
    "webhook secret": {
      summary: "buat secret webhook baru (yang lama tidak berlaku lagi); layanan menampilkannya sekali saja",
      options: {
        "--save": "simpan di profil untuk `webhook listen` (mode file 0600)",
        "--yes": "tanpa konfirmasi",
      },
      piped: "secret-nya saja",
    },
    "webhook listen": {
      summary:
        "terima webhook di sini: periksa keaslian, jawab, konfirmasi tiap event order ke layanan, buang yang dobel, cetak tiap event (lewat pipe: waktu, event, ref_id, invoice, status, lalu SN/lisensi), teruskan",
      options: {
        "--port": "port; 0 memakai port yang kosong (bawaan 8788)",
        "--host": "alamat untuk mendengarkan (bawaan 127.0.0.1)",
        "--forward-to":
          "teruskan tiap event yang sudah diperiksa keasliannya lewat POST ke alamat ini, dengan ID pengirimannya di X-Reseller-Delivery; diulang sampai dijawab 2xx",
        "--exec":
          "jalankan perintah ini per event: JSON event di stdin, RESELLER_EVENT, RESELLER_REF_ID, RESELLER_INVOICE, RESELLER_STATUS, RESELLER_DELIVERY_ID terisi; keluar 0 = beres",
        "--max-age": "tolak kiriman yang X-Timestamp-nya berselisih lebih dari ini dari sekarang (bawaan nonaktif)",
        "--exec-timeout":
          "paling lama sebuah perintah --exec boleh berjalan sebelum dihentikan dan dicoba lagi nanti (bawaan 60)",
        "--exec-grace":
          "jeda bagi perintah --exec yang dihentikan, beserta proses yang dimulainya, antara SIGTERM dan SIGKILL (bawaan 5)",
        "--receipts":
          "tambahkan struk pelanggan dari tiap order yang terkirim atau sebagian terkirim ke file ini (perlu API key: order dikonfirmasi dulu)",
      },
    },
    completion: {
      summary: "tampilkan skrip pelengkap otomatis untuk shell",
      arguments: {
        shell: "bash, zsh atau fish",
      },
      about:
        "Pasang (tanpa paket bash-completion atau folder sistem):\n  bash  mkdir -p ~/.local/share/reseller\n        reseller completion bash > ~/.local/share/reseller/completion.bash\n        echo 'source ~/.local/share/reseller/completion.bash' >> ~/.bashrc\n  zsh   mkdir -p ~/.zfunc && reseller completion zsh > ~/.zfunc/_reseller\n        echo 'fpath=(~/.zfunc $fpath); autoload -Uz compinit && compinit' >> ~/.zshrc\n        (kalau ~/.zshrc sudah menjalankan compinit, taruh bagian fpath sebelumnya)\n  fish  mkdir -p ~/.config/fish/completions\n        reseller completion fish > ~/.config/fish/completions/reseller.fish\nLalu buka shell baru. Untuk mencoba di shell ini saja: source <(reseller completion bash)",
    },
    __complete: {
      arguments: {
        prefix: "hanya kandidat yang berawalan ini (kata yang sedang dilengkapi)",
      },
    },
  },
  headings: {
    id: "ID",
    category: "Kategori",
    product: "Produk",
    name: "Nama",
    price: "Harga",
    process: "Proses",
    stock: "Stok",
    minOrder: "Min. order",
    minOrderShort: "Min",
    sku: "SKU",
    created: "Dibuat",
    item: "Produk",
    status: "Status",
    amount: "Nominal",
    customer: "Pelanggan",
    refId: "Ref ID",
    invoice: "Invoice",
    time: "Waktu",
    outcome: "Hasil",
    service: "Layanan",
    line: "Baris",
    handOverOrProblem: "Serahkan / masalah",
  },
  verdicts: {
    bought: "diproses",
    delivered: "berhasil",
    partial: "sebagian terkirim",
    delivery_failed: "gagal",
    refused: "ditolak",
    not_sent: "tidak dikirim",
    unknown: "belum pasti",
    refunded: (amount: string) => (amount ? `dana ${amount} dikembalikan` : "dana dikembalikan"),
    charged: {
      bought: "saldo terpotong",
      delivered: "saldo terpotong",
      partial: "saldo terpotong, bagian yang tidak terkirim dikembalikan",
      delivery_failed: "saldo terpotong, lalu dikembalikan",
      refused: "saldo tidak terpotong",
      not_sent: "saldo tidak terpotong",
      unknown: "saldo mungkin terpotong: cek dengan `reseller reconcile`",
    },
  },
  /** One word per status, as docs/glossary.md says it; a status reseller does not know, as the service wrote it. */
  statusWord: (kind: string, said: string) =>
    (Object.hasOwn(statusWords, kind) ? statusWords[kind] : undefined) ?? said,
  fromService: (text: string) => `(layanan: "${text}")`,
  transaction: {
    item: "Produk",
    name: "Nama",
    qty: "Jml",
    price: "Harga",
    process: "Proses",
    customerData: "Data pelanggan",
    for: "Untuk",
    handOver: "Serahkan",
    status: "Status",
    serialNumber: "SN",
    providerMessage: "Pesan pemasok",
    order: "Order",
    startCount: "Jumlah awal",
    startShort: "Awal",
    remains: "Sisa",
    remainsShort: "Sisa",
    delivered: "Terkirim",
    deliveredShort: "Terkirim",
    refund: "Dana dikembalikan",
    providerStatus: "Status pemasok",
    providerShort: "Pemasok",
    invoice: "Invoice",
    refId: "Ref ID",
    amount: "Nominal",
    paidWith: "Dibayar dengan",
    created: "Dibuat",
    note: "Catatan",
    paymentLink: "Link pembayaran",
    payBefore: "Bayar sebelum",
    items: "Produk",
    deliverToCustomer: "Serahkan ke pelanggan",
    h2hResults: "Hasil H2H",
    smmProgress: "Progres SMM",
    alternativeOf: "Pengganti dari",
    givenUp: {
      disrupted: "gangguan",
      refused: "ditolak",
      not_sent: "tidak dikirim",
      delivery_failed: "gagal, dana dikembalikan",
    },
  },
  buy: {
    faultAfterAnswer: (outcome: string, refId: string, invoice: string, fault: string) =>
      `Pembelian tetap tercatat (hasil: ${outcome}; ref_id ${refId}${invoice ? `, invoice ${invoice}` : ""}), tetapi setelah jawaban layanan terjadi kesalahan: ${fault}`,
    buying: (what: string, total: string, refId: string) => `Membeli ${what} seharga ${total} (ref_id ${refId})…`,
    what: (order: string, amount: string, invoice: string, refId: string) =>
      `${order} seharga ${amount}${invoice ? `: invoice ${invoice}` : ""}, ref_id ${refId}`,
    bought: (what: string) => `Berhasil beli ${what}.`,
    boughtButFailed: (what: string, refunded: string) =>
      `Sudah beli ${what}, tapi pengirimannya gagal${refunded ? `: dana ${refunded} dikembalikan` : ""}.`,
    delivered: "Terkirim",
    notDeliveredYet: "Sudah dibeli, belum terkirim",
    finished: (standing: string, refId: string, invoice: string, outcome: string) =>
      `${standing}: ref_id ${refId}${invoice ? `, invoice ${invoice}` : ""} (hasil: ${outcome}).`,
  },
  items: {
    unlimited: "tak terbatas",
    soldOut: "habis",
    disrupted: "gangguan",
    failedRecently: (failed: number, of: number) => `${failed}/${of} gagal (1 jam)`,
    checked: (when: string) => `katalog dicek ${when}`,
    firstOf: (shown: number, found: number, all: number, checked: string) =>
      `${shown} pertama dari ${found} produk yang cocok (total ${all}; ${checked}). Persempit dengan --search atau --category, atau pakai pipe untuk semua baris.`,
    countOf: (found: number, all: number, checked: string) => `${found} dari ${all} produk; ${checked}.`,
  },
  /** The shop: `prices`, `receipt`, `report` and the balance alerts. */
  shop: {
    receipt: {
      title: "STRUK PEMBELIAN",
      date: "Tanggal",
      ref: "No. Ref",
      item: "Produk",
      quantity: "Jumlah",
      customer: "Tujuan",
      account: "Nama",
      serial: "SN",
      licence: "Akun/Lisensi",
      sellerNote: "Catatan",
      delivered: "Terkirim",
      deliveredOf: (delivered: number, ordered: number) => `${delivered} dari ${ordered}`,
      price: "Harga",
      total: "Total",
      refund: "Dana dikembalikan",
      status: "Status",
      statuses: {
        success: "SUKSES",
        processing: "DIPROSES",
        failed: "GAGAL — dana dikembalikan",
        partial: "SEBAGIAN — sisa dana dikembalikan",
      },
      thanks: "Terima kasih.",
    },
    priceList: {
      title: "DAFTAR HARGA",
      heading: "Daftar Harga",
      asOf: (date: string) => `Per ${date}`,
      item: "Produk",
      price: "Harga",
      soldOut: "stok habis",
      plusAmount: (price: string) => `nominal + ${price}`,
      minimum: (n: string) => `min. ${n}`,
      others: "Lainnya",
      mayChange: "Harga dapat berubah sewaktu-waktu.",
    },
    cost: "Modal",
    sellingPrice: "Harga jual",
    sellingPriceShort: "Jual",
    margin: "Margin",
    noItemsMatch: "Tidak ada produk yang cocok.",
    catalogueEmpty: "Katalog kosong.",
    firstOf: (shown: number, all: number) =>
      `${shown} pertama dari ${all} produk. Persempit dengan --search atau --category, atau pakai pipe untuk semua baris.`,
    unpriced: (n: number) =>
      `${n} produk belum punya harga jual: \`reseller prices set --markup 10%\` mengaturnya untuk semua produk.`,
    leftOut: (n: number) =>
      `${n} produk belum punya harga jual dan tidak dicantumkan: atur dengan \`reseller prices set --markup …\`.`,
    scope: {
      all: "semua produk",
      item: (id: string) => `produk ${id}`,
      product: (name: string) => `produk ${name}`,
      category: (name: string) => `kategori ${name}`,
    },
    plusAmount: (item: string) => `${item} (nominal +)`,
    roundedUp: (markup: string, round: string) => `${markup}, dibulatkan ke atas ke ${round}`,
    perUnits: (markup: string, units: string) => `${markup}, di daftar harga per ${units}`,
    ruleFor: "Untuk",
    ruleMarkup: "Markup",
    noRules: "Belum ada aturan harga jual: `reseller prices set --markup 10%` mengaturnya untuk semua produk.",
    ruleSet: (scope: string, markup: string) => `Harga jual untuk ${scope}: modal ${markup}.`,
    ruleRemoved: (scope: string) => `Aturan harga jual untuk ${scope} dihapus.`,
    noSuchRule: (scope: string) => `Tidak ada aturan harga jual untuk ${scope}.`,
    seeRules: "Lihat aturannya dengan `reseller prices rules`.",
    nothingInScope: (scope: string, checked: string) =>
      `Tidak ada produk di katalog yang termasuk ${scope} (dicek ${checked}); lihat namanya dengan \`reseller items\`.`,
    oneScope: (flags: string) => `Satu aturan untuk satu hal: pilih salah satu dari ${flags}.`,
    oneScopeHint:
      "Buat satu aturan untuk masing-masing: yang paling spesifik berlaku (--item, lalu --product, lalu --category).",
    report: {
      sinceForm: (text: string) =>
        `--since perlu hari ini, kemarin, 7h, 30h, minggu ini, bulan ini atau tanggal seperti 2026-11-01, bukan "${text}".`,
      untilForm: (text: string) =>
        `--until perlu tanggal seperti 2026-11-30 (seluruh hari itu ikut dihitung), bukan "${text}".`,
      untilBefore: (until: string, since: string) => `--until ${until} lebih awal dari --since ${since}.`,
      books: "Pembukuan",
      opening: "Saldo awal",
      closing: "Saldo akhir",
      doesNotReconcile: (moved: string, books: string, unaccounted: string) =>
        `Saldo bergerak ${moved} dari awal ke akhir; pembukuan mencatat ${books} (isi saldo yang dibayar dikurangi terpakai): ${unaccounted} tidak ada di pembukuan ini (order dari tempat lain, refund order sebelumnya, atau hasil yang belum diketahui: \`reseller report --refresh\`).`,
      noBalances: (why: string) => `Saldo awal dan akhir tidak bisa diambil dari riwayat saldo (${why}).`,
      range: (first: string, last: string) => `${first} s.d. ${last}`,
      orders: "Order",
      spent: "Terpakai",
      refunded: "Dana dikembalikan",
      revenue: "Omzet",
      profit: "Laba",
      topUps: "Isi saldo",
      topUpsLine: (paid: string, count: number, amount: string) => `${paid} dibayar (${count} diminta, ${amount})`,
      counts: {
        delivered: (n: number) => `${n} berhasil`,
        bought: (n: number) => `${n} diproses`,
        partial: (n: number) => `${n} sebagian terkirim`,
        delivery_failed: (n: number) => `${n} gagal`,
        refused: (n: number) => `${n} ditolak`,
        unknown: (n: number) => `${n} belum pasti`,
      },
      groups: { day: "Hari", hour: "Jam", product: "Produk", category: "Kategori", customer: "Pelanggan" },
      by: {
        day: "Per hari",
        hour: "Per jam",
        product: "Per produk",
        category: "Per kategori",
        customer: "Per pelanggan",
      },
      profitPer: { hour: "Laba per jam", day: "Laba per hari" },
      spentPer: { hour: "Terpakai per jam", day: "Terpakai per hari" },
      unknownApart: (n: number) =>
        `${n} hasil belum pasti dihitung terpisah, tidak sebagai terpakai maupun tidak: cek \`reseller reconcile\` atau \`reseller report --refresh\`.`,
      unpriced: (n: number) =>
        `${n} order terjual tanpa harga jual: omzet dan laba tidak menghitungnya (\`reseller prices set\`).`,
    },
  },
  balanceHistory: {
    type: "Jenis",
    before: "Sebelum",
    after: "Sesudah",
    description: "Keterangan",
    other: "Lainnya",
    noneYet: "Belum ada perubahan saldo.",
    noneOnPage: (page: number) => `Tidak ada perubahan saldo di halaman ${page}.`,
    // The service's types as the glossary names them; one reseller does not know is shown as it came.
    typeWord: (type: string) => (Object.hasOwn(movementTypes, type) ? movementTypes[type] : undefined) ?? type,
  },
  leaderboard: {
    rank: "Peringkat",
    reseller: "Nama",
    transactions: "Transaksi",
    transactionsShort: "Trx",
    points: "Poin",
    notRanked: "belum masuk peringkat",
    nobody: "Belum ada yang masuk papan peringkat bulan ini.",
  },
  waiting: {
    spinner: "Menunggu pengiriman…",
    progress: (line: string, elapsed: string) => `Menunggu pengiriman: ${line} (${elapsed})`,
    notVisibleYet: "belum terlihat",
    noStatusYet: "belum ada status",
    unknownStatus: (text: string) => `status "${text}" (tidak dikenal reseller; tetap menunggu)`,
    h2hDispatched: (done: number, wanted: number) => `h2h ${done}/${wanted} diteruskan`,
    smmPending: "diproses",
    couldNotRead: (code: string) => `Transaksi belum bisa dibaca saat ini (${code}); tetap menunggu.`,
    statusIs: (text: string) => ` ${text}`,
    statusNotKnown: (text: string) => ` "${text}", status yang tidak dikenal reseller,`,
    statusNotGiven: " tidak ada",
    stillNotDelivered: (after: string, status: string, ref: string) =>
      `Masih belum terkirim setelah ${after} (status${status}); pembelian tetap berlaku. Pantau terus: reseller trx show ${ref} --watch`,
    stoppedWatching: (ref: string) => `Berhenti memantau ${ref}; tidak ada yang berubah.`,
    resumeWatching: (ref: string) => `Lanjutkan dengan \`reseller trx show ${ref} --watch\`.`,
    stoppedWaiting: (invoice: string, refId: string) =>
      `Berhenti menunggu; pembelian tetap berlaku (${invoice ? `invoice ${invoice}, ` : ""}ref_id ${refId}).`,
    followIt: (ref: string) => `Pantau dengan \`reseller trx show ${ref} --watch\`.`,
  },
  pending: {
    followOrOnce: "--follow dan --once tidak bisa bersamaan: --follow terus berjalan, --once sekali jalan.",
    handOnNeedsFollow: "--receipts dan --exec meneruskan order begitu selesai: perlu --follow atau --once.",
    handOnNeedsFollowHint: "Coba `reseller pending --follow --receipts struk.txt`, atau --once dari cron.",
    nothing: "Tidak ada yang diproses: hasil semua order sudah pasti dan selesai.",
    endedNotHanded: (n: number) =>
      `${n} order sudah selesai dan menunggu diteruskan: \`reseller pending --once\` atau --follow mencetaknya, dengan --receipts dan --exec.`,
    following: (n: number, first: number, longest: number) =>
      `Memantau ${n} order yang belum selesai; tanya lagi setelah ${first} detik, makin lama sampai ${longest} detik selama tidak ada perubahan. Ctrl-C untuk berhenti.`,
    allEnded: "Semua order yang dipantau sudah selesai.",
    stillPending: (bought: number, unknown: number, notHanded: number) =>
      `${[
        bought ? `${bought} order belum terkirim` : "",
        unknown ? `${unknown} hasil masih belum pasti` : "",
        notHanded ? `${notHanded} order selesai belum diteruskan` : "",
      ]
        .filter(Boolean)
        .join("; ")}.`,
    bought: "Dibeli",
    boughtShort: "Jam",
    waited: "Menunggu",
    afterWaiting: (duration: string) => `setelah ${duration}`,
    receiptNotAppended: (refId: string, file: string, why: string) =>
      `Struk ${refId} tidak ditambahkan ke ${file}: ${why}`,
    commandFailed: (refId: string, why: string, wait: string) =>
      `Perintah untuk ${refId} belum berhasil (${why}); dicoba lagi dalam ${wait}.`,
    notHandedOffline: (n: number) =>
      `${n} order selesai belum diteruskan kali ini (layanan tidak bisa dihubungi); putaran berikutnya meneruskannya.`,
  },
  ledger: {
    unreachable: (n: number) =>
      `${n} order yang belum final tidak bisa diperbarui (layanan tidak bisa dihubungi); ditampilkan seperti catatan terakhir.`,
    refused: (n: number) =>
      `${n} order yang belum final tidak bisa diperbarui (API key tidak diterima); ditampilkan seperti catatan terakhir.`,
    tooMany: (n: number) =>
      `${n} order yang belum final belum diperbarui kali ini (terlalu banyak sekaligus, atau tanpa jawaban); jalankan lagi.`,
  },
  history: {
    nothingUnresolved: "Semua hasil sudah pasti: tidak ada yang menggantung.",
    noneYet: (profile: string, anyAddress: boolean) =>
      `Belum ada permintaan yang menggerakkan saldo tercatat untuk profil "${profile}"${anyAddress ? "" : " di alamat layanan ini"}.`,
    noCharge: "tanpa biaya",
    linkCreated: "link pembayaran dibuat",
    what: {
      purchase: "pembelian",
      cart: "keranjang",
      "sandbox order": "order sandbox",
      "stock lock": "kunci stok",
      "top-up": "isi saldo",
    },
    topUpBy: (channel: string) => `isi saldo ${channel}`,
    itemId: (id: string) => `produk ${id}`,
    insteadOf: (refId: string) => `↳ pengganti ${refId}`,
    otherService: (address: string) => `lain: ${address}`,
    thisService: "layanan ini",
    otherProfiles: (n: number) => `(${n} entri profil lain tidak ditampilkan; pakai --profile.)`,
    otherAddresses: (n: number) => `(${n} entri untuk alamat layanan lain disembunyikan; --all-services.)`,
    unknownOutcomes: (n: number) => `${n} hasil belum pasti: cek \`reseller reconcile\` atau \`history --refresh\`.`,
    notKnownDelivered: (n: number) => `${n} pembelian masih diproses: cek \`reseller history --refresh\`.`,
    unknownAndNotKnownDelivered: (unknown: number, bought: number) =>
      `${unknown} hasil belum pasti, ${bought} masih diproses: cek \`reseller reconcile\`, lalu \`history --refresh\`.`,
    since: (text: string) => `--since perlu tanggal seperti 2026-11-01 (atau timestamp lengkap), bukan "${text}".`,
  },
  /** Reading orders: amounts, quantities, order files and the checks of a line. */
  orders: {
    amount: {
      notWhole: "bukan Rupiah yang bulat",
      noNumber: "tidak ada angkanya",
      notUnit: (unit: string) => `"${unit}" bukan satuan Rupiah (rb, ribu, k, jt, juta, miliar)`,
      twoReadings: (suffix: string, asGroups: string, asDecimal: string) =>
        `dengan "${suffix}" bisa berarti ${asGroups} atau ${asDecimal}`,
      noCents: "Rupiah selalu bulat, tanpa sen",
      separatorMisplaced: "pemisahnya tidak di antara kelompok tiga angka",
      decimalWithoutUnit: "ada desimalnya tapi tanpa satuan (rb, jt)",
      notWholeRupiah: (decimal: string) => `jadinya ${decimal} Rupiah, tidak bulat`,
      separatorsMisplaced: "pemisahnya tidak di antara kelompok tiga angka",
      notANumber: "bukan angka",
      tooLarge: "terlalu besar",
      forms: "75000, 75.000, Rp 75.000, 75rb atau 1,5jt",
      notAmountOfRupiah: (name: string, shown: string, why: string) =>
        `${name} "${shown}" bukan nominal Rupiah: ${why}.`,
      writeIt: (forms: string) => `Tulis seperti ${forms}.`,
      reading: (amount: string, digits: number) => `${amount} (${digits})`,
      moreThanZero: (name: string) => `${name} harus lebih dari Rp 0.`,
      notAnAmount: (why: string, readings: string) => `Bukan nominal: ${why}${readings ? ` (${readings}?)` : ""}`,
    },
    input: {
      positiveWhole: (name: string, text: string) => `${name} harus bilangan bulat positif, bukan "${text}".`,
      atMostSeconds: (name: string, max: number, text: string) =>
        `${name} paling lama ${max} detik (24 hari), bukan "${text}".`,
      writeQuantity: "Tulis seperti 1000 atau 1.000.",
      topUpAtLeast: (minimum: string, amount: string) => `--amount minimal ${minimum}; ${amount} kurang dari itu.`,
      duration: (text: string) => `--duration harus detik bulat dari 60 sampai 600, bukan "${text}".`,
      refIdSpaces: (name: string) => `${name} tidak boleh kosong atau diawali atau diakhiri spasi.`,
      tooLong: (name: string, max: number, length: number) =>
        `${name} paling panjang ${max} karakter; yang ini ${length}.`,
      controlCharacters: (name: string) => `${name} tidak boleh berisi karakter kontrol.`,
      notEmpty: (name: string) => `${name} tidak boleh kosong.`,
      smmJson: 'Catatan SMM harus JSON, misalnya {"target":"https://instagram.com/p/…","opt_smm":[]}.',
      smmJsonHint: "Pakai --target (dan --opt, --comment), reseller yang menyusun catatannya.",
      smmTarget: 'Catatan SMM perlu "target" yang tidak kosong.',
      smmOptions: '"opt_smm" di catatan SMM harus daftar teks.',
      smmComment: '"comment_smm" di catatan SMM harus teks.',
      oneOf: (name: string, choices: string, last: string, value: string) =>
        `${name} harus ${choices} atau ${last}, bukan "${value}".`,
      markupRange: (text: string) => `--markup ${text} harus lebih dari 0% dan paling banyak 1000%.`,
      notPercentage: (text: string) => `--markup "${text}" bukan persentase.`,
      markupHint: "Tulis seperti 10% atau 7,5%, atau nominal Rupiah: 1500, 1.500, 1,5rb.",
    },
    file: {
      place: (file: string, line: number) => `${file} baris ${line}`,
      line: (line: number) => `baris ${line}`,
      cartPlace: (line: number) => `keranjang baris ${line}`,
      csvUnreadable: (why: string) => `File CSV tidak bisa dibaca: ${why}`,
      unknownColumn: (where: string, column: string) =>
        `${where}kolom "${column}" tidak dikenal (kolom yang ada: item_id, quantity, note, target, opt, comment, ref_id, nominal, zone_id).`,
      mustBeNumber: (what: string) => `${what} harus angka.`,
      mustBeText: (what: string) => `${what} harus teks.`,
      optList: (where: string) => `${where}opt harus daftar teks (di CSV: dipisah dengan |).`,
      missing: (what: string) => `${what} belum diisi.`,
      missingOrNotNumber: (what: string) => `${what} belum diisi atau bukan angka.`,
      problems: (rows: number) => `${rows} baris perlu diperbaiki; tidak ada yang dikirim:`,
      forExample: "contoh:",
      column: (name: string) => `kolom ${name}`,
      columnExample: (name: string, value: string) => `kolom ${name}, misalnya ${value}`,
      notJson: (where: string, why: string) => `${where}bukan JSON (${why}).`,
      jsonObject: (where: string) => `${where}tiap baris harus objek JSON {item_id, quantity, note, …}.`,
      empty: (file: string) => `${file} kosong.`,
      tooManyFields: (where: string, fields: number, header: number) =>
        `${where}ada ${fields} kolom padahal header-nya ${header} (beri tanda kutip pada catatan yang berisi koma).`,
      noOrders: (file: string) => `${file} tidak berisi order.`,
      noteText: (where: string) => `${where}note harus teks (atau, untuk produk SMM, objek JSON yang berisi target).`,
      cartNotJson: (why: string) => `Keranjang bukan JSON: ${why}`,
      cartExample:
        'Keranjang berupa array JSON, misalnya [{"item_id":12,"quantity":1,"note":"081234567890"},{"item_id":3,"quantity":1}]',
      cartNotArray: "Keranjang harus array JSON yang tidak kosong berisi {item_id, quantity, note}.",
      cartLineObject: (where: string) => `${where}tiap baris harus objek {item_id, quantity, note}.`,
      cartUnknownField: (where: string, fields: string) =>
        `${where}field ${fields} tidak dikenal (satu baris berisi item_id, quantity dan note; produk bernominal bebas juga nominal dan zone_id).`,
    },
    line: {
      and: " dan ",
      amountOnce: (item: string) =>
        `sebutkan nominal ${item} sekali saja: catatan JSON dengan provider_qty, atau target sebagai catatan ditambah nominal.`,
      noteNotJson: (item: string) =>
        `catatan ${item} bukan JSON; isi catatan dengan target saja ditambah nominal, atau catatan JSON {"target", "provider_qty", "zone_id"}.`,
      jsonNoteObject: (item: string) => `catatan JSON ${item} harus objek {"target", "provider_qty", "zone_id"}.`,
      jsonNoteKeys: (item: string, keys: string) =>
        `catatan JSON ${item} berisi ${keys}; yang diterima hanya target, provider_qty dan zone_id.`,
      providerQtyNotAmount: (item: string, value: string) =>
        `provider_qty di catatan ${item} harus nominal, bukan ${value}.`,
      providerQtyIn: (item: string) => `provider_qty di catatan ${item}:`,
      fromTo: (min: string, max: string) => `dari ${min} sampai ${max}`,
      atLeast: (min: string) => `minimal ${min}`,
      atMost: (max: string) => `maksimal ${max}`,
      anyAmount: "berapa saja",
      inSteps: (bounds: string, step: string) => `${bounds} dengan kelipatan ${step}`,
      amountProblem: (amount: string, problem: string, range: string) => `${amount} ${problem}: ${range}`,
      notPositive: "harus bilangan bulat positif",
      belowMinimum: "di bawah minimal",
      aboveMaximum: "di atas maksimal",
      notMultiple: (step: string) => `bukan kelipatan ${step}`,
      openAmountMissing: (item: string, fields: string) => `${item} bernominal bebas dan yang belum diisi: ${fields}.`,
      openAmountExample: (range: string, nominal: string) =>
        `Catatan berisi target dan --nominal berisi nominalnya (${range}); contoh: --note 081234567890 --nominal ${nominal}.`,
      outOfRange: (label: string, item: string, problem: string, range: string, amount: string) =>
        `${label} ${item} ${problem}: harus ${range}; yang diminta ${amount}.`,
      nearest: (amounts: string) => `Yang terdekat dan diterima: ${amounts}.`,
      twoZones: (note: string, given: string, zone: string) =>
        `catatan "${note}" menyebut zona ${given}, padahal zone id-nya ${zone}.`,
      zoneOnce: (id: string) => `Sebutkan zona sekali saja: --note ${id} --zone-id ZONA, atau --note ${id}(ZONA).`,
      nulByte: (name: string) => `${name} berisi byte NUL (\\0); data pelanggan tidak pernah begitu.`,
      nulByteHint: "Periksa cara file atau nilai itu dibuat.",
      tooBig: (name: string, kb: number, max: number) =>
        `${name} berukuran ${kb} KB; paling banyak ${max} KB yang dikirim.`,
      minimumOrder: (item: string, minimum: number, quantity: number) =>
        `minimal order ${item} adalah ${minimum}; yang diminta ${quantity}.`,
      buyAtLeast: (minimum: number) => `Beli minimal ${minimum}.`,
      fixedPrice: (item: string, nominal: boolean) =>
        `harga ${item} tetap, jadi tidak menerima ${nominal ? "nominal" : "zone id"}: itu untuk produk bernominal bebas.`,
      byQuantity: "Beli berdasarkan jumlah.",
      zoneInNote: (id: number) =>
        `Tulis zona di catatan, seperti yang disebut deskripsi produknya (\`reseller item ${id}\`).`,
      noteOrTarget: "isi catatan (JSON SMM) atau target, jangan keduanya.",
      optNeedsTarget: "opt dan comment perlu target: catatan SMM harus menyebutkannya.",
      smmNeedsTarget: (item: string) => `${item} adalah SMM: isi target (atau catatan JSON yang berisi target).`,
      targetExample: "Contoh: --target https://instagram.com/tokoku",
      notSmm: (item: string, process: string) =>
        `target, opt dan comment untuk produk SMM; ${item} ${process ? `adalah ${process}` : "bukan SMM"}.`,
      customerAsNote: "Isi data pelanggan sebagai catatan.",
      destination: (item: string, what: string) => `${item} adalah h2h: catatan harus berisi tujuan (${what}).`,
      phoneOrUserId: "nomor HP atau user ID game",
      noteExample: "Contoh: --note 081234567890",
      missingFields: (item: string, fields: string) => `${fields} untuk ${item} belum diisi.`,
    },
    checks: {
      zone: (id: string) => `zona ${id}`,
      checkNotOffered: (item: string) => `Layanan tidak menyediakan cek akun untuk ${item}; tidak ada yang dicek.`,
      checkNotOfferedHint: 'Hanya produk yang `reseller item <id>`-nya menyebut "Cek akun: tersedia" yang bisa dicek.',
      checkNotOfferedShort: (item: string) => `Layanan tidak menyediakan cek akun untuk ${item}.`,
      noAccount: (account: string, item: string) => `Tidak ada akun ${account} untuk ${item}.`,
      noAccountHint: "Cek lagi ID (dan zona) dengan pelanggan.",
      zoneNeeded: (item: string) =>
        `Cek akun ${item} perlu zona bersama user ID, dan catatannya tidak menyebut zona; tidak ada yang dibeli.`,
      zoneNeededHint: (inNote: string) =>
        `Tambahkan --zone-id ZONA${inNote}, atau beli tanpa cek dengan --no-validate.`,
      zoneInNote: (id: string, example: string) =>
        ` (atau tulis catatan sebagai ${id}(ZONA), misalnya --note ${example}(1234))`,
      zoneTooName: (name: string) => `Cek akun ${name} juga perlu zona, misalnya --zone-id 1234.`,
      zoneQuestion: (name: string) => `Zone ID untuk ${name} (diperlukan untuk cek akun)`,
      zoneLabel: "Zone ID",
      noZone: (item: string) =>
        `catatan tidak menyebut zona, padahal cek akun ${item} memerlukannya (tulis sebagai ID(ZONA))`,
      checkFailed: (why: string) => `cek akun gagal: ${why}`,
      fileZoneNeeded: (place: string, item: string) =>
        `${place}: cek akun ${item} perlu zona bersama user ID, dan kolom note tidak menyebut zona.`,
      fileZoneNeededHint:
        "Tulis catatan sebagai USERID(ZONA), misalnya 12345678(1234), atau beli tanpa cek dengan --no-validate.",
      otherOperator: (number: string, found: string, item: string, wanted: string) =>
        `${number} adalah nomor ${found}, padahal ${item} untuk ${wanted}.`,
      otherRegion: (customer: string, name: string, region: string, item: string, wanted: string) =>
        `Akun ${customer} adalah ${name}${region ? ` di ${region}` : ""}, padahal ${item} untuk ${wanted}.`,
      doubtHint: "Cek lagi dengan pelanggan; kalau sudah benar, beli lagi dengan --no-check.",
      nothingBought: (message: string) => `${message} Tidak ada yang dibeli.`,
      soldOut: (item: string) => `${item} habis; tidak ada yang dibeli.`,
      fewLeft: (item: string, stock: number, quantity: number) =>
        `${item} tinggal ${stock}, kurang dari ${quantity} yang diminta; tidak ada yang dibeli.`,
      soldOutHint: (search: string) =>
        `Cari produk lain dengan ${search}, atau coba lagi setelah penjual mengisi stok.`,
      fewLeftHint: (stock: number, search: string) =>
        `Beli ${stock} atau kurang, atau cari produk lain dengan ${search}.`,
      shortBalance: (balance: string, shortfall: string, total: string) =>
        `Saldo ${balance} kurang ${shortfall} untuk pembelian ${total} ini; tidak ada yang dibeli.`,
      topUpThenBuy: (amount: number, refId: string) =>
        `Isi saldo dengan \`reseller topup --amount ${amount}\`, lalu beli lagi${refId ? ` dengan --ref-id ${refId}` : ""}.`,
    },
    buying: {
      noItem: (id: number) => `Tidak ada produk aktif dengan id ${id}.`,
      noItemHint: "Cek id di katalog penjual; produk yang ditarik penjual juga terbaca tidak ada.",
      noItems: "Cek id di katalog penjual (`reseller items`); tidak ada yang dikirim.",
      refIdTwice: (place: string, refId: string, earlier: string) =>
        `${place}: ref_id ${refId} juga dipakai di ${earlier}.`,
      cannotReadCart: (source: string, why: string) =>
        `Keranjang ${source === "-" ? "dari stdin" : `di file ${source}`} tidak bisa dibaca: ${why}`,
      cartLockMismatch: (token: string, itemId: number, quantity: number, locked: number) =>
        `Kunci stok ${token} menahan produk ${itemId} × ${quantity}; keranjang membelinya × ${locked}.`,
      fileTakesAll: (flags: string) => `--file mengambil semua order dari file; hapus ${flags}.`,
      cartTakesAll: (flags: string) => `--cart mengambil semua baris dari file; hapus ${flags}.`,
      concurrencyAtMost: (max: number) => `--concurrency paling banyak ${max}.`,
      skipOrAgain: "--skip-bought dan --again menjawab pertanyaan yang sama; pilih salah satu.",
      receiptsFile: "--file menulis struknya ke file: pakai --receipts FILE, bukan --receipt.",
      goesWithFile: (flag: string) => `${flag} hanya dipakai bersama --file (banyak order).`,
      goesWith: (flag: string, other: string) => `${flag} hanya dipakai bersama ${other}.`,
      nothingBought: "Tidak ada yang dibeli.",
      followIt: (refId: string, table: boolean) =>
        `Pantau: reseller trx show ${refId}${table ? "   (tambahkan --watch untuk menunggu pengiriman)" : ""}`,
      recovered:
        "Jawaban layanan sempat hilang, tapi pembelian sudah masuk pada percobaan sebelumnya: ini transaksi itu, bukan pembelian kedua.",
      couldNotFollow: (why: string, refId: string) =>
        `Pengiriman tidak bisa dipantau (${why}); pembelian tetap berlaku. Pantau: reseller trx show ${refId} --watch`,
      sameOrder: (when: string, order: string, customers: string, named: string) =>
        `Order yang sama sudah dibeli ${when}: ${order}${customers ? ` untuk ${customers}` : ""} (${named}).`,
      sameOrderHint: (hours: number) =>
        `Kalau pelanggan memang mau dua kali, beli lagi dengan --again (rentang cek ulang ${hours} jam: --repeat-window atau repeat_window).`,
      buyAgain: "Beli lagi?",
      sameOrderNotFound: (when: string, order: string, customers: string, refId: string) =>
        `Order yang sama sudah dikirim ${when}: ${order}${customers ? ` untuk ${customers}` : ""} (ref_id ${refId}). Waktu dicek, layanan belum punya transaksinya, tapi mungkin sudah membelinya sesudah itu.`,
      notFoundSafeWay: (refId: string, hours?: number) =>
        `Kirim lagi dengan ref_id yang sama, yang dibeli layanan hanya sekali (perintah beli yang sama dengan --ref-id ${refId}), atau cek dulu: reseller trx show ${refId}${hours === undefined ? "" : `. Kalau tetap mau beli dengan ref_id baru: --again (rentang cek ulang ${hours} jam).`}`,
      noAccountBought: (account: string, item: string) =>
        `Tidak ada akun ${account} untuk ${item}; tidak ada yang dibeli.`,
      noAccountBoughtHint: "Cek lagi ID (dan zona) dengan pelanggan, atau tetap beli dengan --no-validate.",
      accountFor: (name: string, account: string) => `Akun untuk ${name}: ${account}.`,
      notChecked: (reason: string) => `Akun pelanggan tidak dicek: ${reason}.`,
      notFoundCell: (customer: string, zone: string) =>
        `TIDAK ADA: tidak ada akun ${customer}${zone ? ` (zona ${zone})` : ""}`,
      notCheckedCell: (reason: string) => `tidak dicek: ${reason}`,
      toNobody: (message: string) => `${message} Kalau dibeli, isi saldonya tidak sampai ke siapa pun.`,
      checkBeforeBuying: (message: string) => `${message} Cek lagi dengan pelanggan sebelum membeli.`,
      confirm: "Beli?",
      item: "Produk",
      itemIs: (name: string, id: number, process: string) => `${name} (#${id}, ${process || "produk"})`,
      nominal: "Nominal",
      nominalPlus: (nominal: string, price: string) => `${nominal} + harga ${price}`,
      quantity: "Jumlah",
      note: "Catatan",
      account: "Akun",
      total: "Total",
      balanceAfter: "Saldo setelahnya",
      balanceNow: (after: string, now: string) => `${after} (sekarang ${now})`,
      lock: "Kunci stok",
      typeWholeNumber: "Ketik bilangan bulat positif",
      atLeast: (min: number) => `Minimal ${min}`,
      required: "Wajib diisi",
      itemId: "ID produk",
      itemAt: (name: string, price: string, minimum: number) => `${name}: ${price} per item, minimal order ${minimum}.`,
      targetLabel: "Target (link atau username)",
      destinationLabel: "Tujuan (nomor HP atau user ID game)",
      fieldFor: (label: string, name: string) => `${label} untuk ${name}`,
      fieldForRange: (label: string, name: string, range: string) => `${label} untuk ${name} (${range})`,
      example: (flag: string, value: string) => `Contoh: ${flag} ${value}`,
      noLock: (token: string) =>
        `Tidak ada kunci stok aktif milik Anda dengan token ${token}: mungkin sudah berakhir, dilepas atau dipakai.`,
      noLockHint:
        "Lihat kunci stok yang aktif dengan `reseller lock list`, atau kunci lagi dengan `reseller lock add`.",
      lockMismatch: (token: string, lockItem: number, lockQuantity: number, item: number, quantity: number) =>
        `Kunci stok ${token} menahan produk ${lockItem} × ${lockQuantity}, bukan produk ${item} × ${quantity}.`,
      lockMismatchHint: (token: string) =>
        `Hapus --item dan --qty, reseller memakai isi kunci stok itu: reseller buy --lock ${token}`,
      notARefusal: (status: number, code: string) =>
        `layanan menjawab HTTP ${status} (${code}), yang bukan salah satu penolakannya`,
      unreadable: (status: number, answered: boolean) =>
        `layanan menjawab HTTP ${status} dengan ${answered ? "jawaban berhasil yang tidak bisa dibaca" : "halaman yang bukan JSON-nya"}`,
      unproven: (status: number, otherRef: string) =>
        `layanan menjawab HTTP ${status} tapi jawabannya ${otherRef ? `menyebut ref_id lain (${otherRef})` : "tidak menyebut invoice"}`,
      answeredWithoutCode: (status: string, message: string) =>
        `Layanan menjawab${status ? ` HTTP ${status}` : ""} ("${message}") tanpa kode penolakan.`,
      anotherOrder: (said: string, refId: string, holds: string) =>
        `${said} Setelah dicek, transaksi dengan ref_id ${refId} ada tapi bukan order ini (${holds}), jadi saldo tidak terpotong untuk order ini.`,
      noPurchase: (said: string, refId: string) =>
        `${said} Setelah dicek, layanan tidak punya pembelian dengan ref_id ${refId}, jadi saldo tidak terpotong.`,
      seeThatTransaction: (refId: string) =>
        `Lihat transaksi itu dengan \`reseller trx show ${refId}\`; beli order ini dengan --ref-id lain.`,
      anItem: "sebuah produk",
      itemNumber: (id: number) => `produk ${id}`,
      cannotCover: (total: string) => `Saldo tidak cukup untuk pembelian ${total} ini.`,
      cannotCoverOf: (balance: string, total: string) => `Saldo ${balance} tidak cukup untuk pembelian ${total} ini.`,
      topUpFirst: (amount: string, refId: string) =>
        `Isi saldo dengan \`reseller topup${amount ? ` --amount ${amount}` : ""}\`, lalu beli lagi dengan --ref-id ${refId}.`,
      refIdUsed: (refId: string, here: boolean) =>
        `ref_id ${refId} sudah pernah dipakai${here ? " oleh pembelian sebelumnya dari komputer ini (lihat `reseller history`)" : ""}; tidak ada pembelian baru.`,
      refIdUsedHint: (refId: string) =>
        `Lihat pembelian itu dengan \`reseller trx show ${refId}\`, atau pilih --ref-id lain.`,
      fieldsMissing: (fields: string) => `Layanan menolak order: ${fields} belum diisi; tidak ada yang dibeli.`,
      fieldMissing:
        "Layanan menolak order: ada field wajib produk yang belum diisi (layanan tidak menyebut yang mana); tidak ada yang dibeli.",
      seeItem: (commands: string) => `Lihat yang diperlukan produk itu dengan ${commands}.`,
      ofLine: (line: number) => ` di baris ${line}`,
      notStarted: "belum dimulai: dihentikan (Ctrl-C); saldo tidak terpotong",
      notSent: (message: string) => `${message}; tidak dikirim, saldo tidak terpotong`,
      notDeliveredWithin: (seconds: number, refId: string) =>
        `belum terkirim dalam ${seconds} d; pantau dengan \`reseller trx show ${refId} --watch\``,
      stoppedWaiting: (code: string) => `berhenti menunggu pengiriman (${code}); pembelian tetap berlaku`,
    },
    delivery: {
      priceAndFees: (amount: string, price: string, fees: string) => `${amount} (harga ${price} + biaya ${fees})`,
      nothingYet: (status: string, ref: string) =>
        `Belum ada yang bisa diserahkan (status ${status}). Tunggu dengan: reseller trx show ${ref} --watch`,
      statusNotGiven: "tidak disebut",
      refundByHand: (item: string) =>
        `${item}: sebagian order SMM ini dananya dikembalikan manual; pengembaliannya masih menunggu.`,
      notDelivered: "tidak terkirim (lihat Hasil H2H)",
      smmRefunded: (amount: string) => `, dana ${amount} dikembalikan`,
      smmRemainsRefunded: (remains: number) => ` (${remains} tidak terkirim, dana dikembalikan)`,
      smmOrder: (order: string, status: string, delivered: string, refund: string) =>
        `Order SMM ${order}: ${status}${delivered ? `, ${delivered} terkirim` : ""}${refund}`,
      lineFor: (line: number, customer: string) => `baris ${line}${customer ? ` untuk ${customer}` : ""}`,
      lineNotDelivered: (whose: string) => `${whose} tidak terkirim`,
      lineDelivered: (whose: string, delivered: string, ordered: string) =>
        `${whose} terkirim ${delivered} dari ${ordered}`,
      refunded: (amount: string) => `dana ${amount} dikembalikan`,
      restRefunded: "sisanya dikembalikan",
      partOfIt: "sebagian",
      partly: (refund: string, lines: string) => `Sebagian terkirim: ${lines}; ${refund}.`,
      partlyHint: "Serahkan yang sudah terkirim; kalau pelanggan masih mau sisanya, beli lagi dengan ref_id baru.",
      itemFor: (item: string, customer: string) => `${item}${customer ? ` untuk ${customer}` : ""}`,
      smmFailed: (item: string, order: string, status: string) => `${item} (order SMM ${order} ${status})`,
      orderIs: (status: string) => `status order ${status}`,
      failed: (what: string, note: string, refund: string) =>
        `Tidak terkirim: ${what}${note ? ` ${note}` : ""}${refund ? `; dana ${refund} dikembalikan` : ""}.`,
      failedHint: "Cek data pelanggan, lalu beli lagi dengan ref_id baru (ref_id ini sudah terpakai).",
    },
    journal: {
      nouns: {
        purchase: "pembelian",
        "lock request": "permintaan kunci stok",
        "sandbox order": "order sandbox",
        "top-up request": "permintaan isi saldo",
      } as Record<string, string>,
      settle: (refId: string) =>
        `Jalankan \`reseller reconcile\` (atau \`reseller trx show ${refId}\`) untuk memastikannya; jangan beli lagi dengan ref_id baru.`,
      settleNoRef: "Jalankan `reseller reconcile` untuk memastikannya.",
      cannotWrite: (path: string, why: string) =>
        `Jurnal di ${path} tidak bisa ditulis: ${why}; tidak ada yang dikirim.`,
      cannotWriteHint:
        "Kosongkan sebagian disk atau perbaiki izin folder konfigurasi (`reseller config path`), lalu coba lagi.",
      cannotOpen: (path: string, why: string) => `Catatan di ${path} tidak bisa dibuka: ${why}.`,
      busyHint: (seconds: number) =>
        `Proses reseller lain memegang catatan lebih dari ${seconds} detik (sedang mengimpor file rilis lama, atau macet): coba lagi setelah proses itu selesai.`,
      damagedHint: (path: string) =>
        `File-nya rusak. Isinya catatan apa saja yang sudah dibeli, jadi simpan: pindahkan (\`mv ${path} ${path}.damaged\`) lalu kembalikan cadangannya, atau biarkan reseller membuat yang baru; pembelian tetap tercatat di layanan (\`reseller trx list\`).`,
      readOnlyHint: (dir: string) =>
        `Buat ${dir} dan catatan di dalamnya bisa Anda tulis lagi (disk hanya-baca, file milik pengguna lain), lalu coba lagi.`,
      notRecordedNotSent: (path: string, why: string, noun: string) =>
        `Jurnal di ${path} tidak bisa ditulis: ${why}; di situ ${noun} ini tercatat sudah dimulai, padahal tidak ada yang dikirim (\`reseller reconcile\` menyelesaikannya).`,
      notRecorded: (path: string, why: string, noun: string, refId: string) =>
        `Jurnal di ${path} tidak bisa ditulis: ${why}; hasil ${noun} ini tidak tercatat di komputer ini${refId ? `: simpan ref_id-nya ${refId}` : ""}.`,
      interrupted: (noun: string, refId: string) =>
        `Dihentikan saat ${noun} sedang dikirim: hasilnya belum pasti${refId ? ` (ref_id ${refId})` : ""}.`,
      interruptedHint: (refId: string) =>
        `Jalankan \`reseller reconcile\`${refId ? ` atau \`reseller trx show ${refId}\`` : ""} untuk memastikannya; tidak ada yang hilang.`,
      cannotReadBack: (noun: string) =>
        `${noun.charAt(0).toUpperCase()}${noun.slice(1)} sudah masuk pada percobaan sebelumnya, tapi reseller tidak bisa membacanya kembali.`,
      noAnswer: (noun: string, attempts: number, last: string) =>
        `${noun.charAt(0).toUpperCase()}${noun.slice(1)} sudah dikirim tapi tidak ada jawaban setelah ${attempts} kali percobaan (${last}); mungkin sudah masuk, mungkin belum.`,
      lastSaid: (code: string, status: number) => `yang terakhir menjawab ${code}, HTTP ${status}`,
      lastNetwork: (words: string) => `yang terakhir: ${words}`,
      lastNotJson: (status: string) => `jawaban terakhir bukan JSON dari layanan${status ? `, HTTP ${status}` : ""}`,
      cannotRead: (path: string, why: string) => `Jurnal di ${path} tidak bisa dibaca: ${why}.`,
      cannotReadHint:
        "Jadikan lagi file yang bisa Anda baca (`reseller config path` menunjukkan foldernya); itu catatan semua yang sudah dibeli.",
    },
    reconcile: {
      bought: (invoice: string, refId: string) =>
        `sudah dibeli${invoice ? `: invoice ${invoice}` : ` (ref_id ${refId})`}`,
      notBought: (refId: string) => `tidak jadi dibeli; aman beli lagi dengan ref_id yang sama (--ref-id ${refId})`,
      sandboxAgain: "order sandbox dikirim lagi (tidak memindahkan dana)",
      sandboxThrough: "order sandbox sudah masuk",
      lockHeld: (token: string) => `stok terkunci: ${token}`,
      noLock: "tidak ada stok yang dikunci (kunci yang sempat dibuat sudah berakhir)",
      topUp: "saldo tidak terpotong; minta link baru dengan `reseller topup` kalau perlu",
      stillUnknown: (code: string) => `masih belum pasti: ${code}`,
      unknownKind: "jenis tidak dikenal",
      elsewhere: (n: number) =>
        `${n} catatan yang belum pasti dikirim ke alamat layanan lain; jalankan reconcile dengan --base-url itu untuk memastikannya.`,
      nothing: "Tidak ada yang perlu dipastikan: hasil setiap permintaan sudah diketahui.",
      time: "Waktu",
      kind: "Jenis",
      answer: "Jawaban",
      answersMean: "Arti jawaban",
      answers: {
        found: "ada",
        notFound: "tidak ada",
        sentAgain: "dikirim lagi",
        goneThrough: "sudah masuk",
        lockHeld: "terkunci",
        noLock: "tidak terkunci",
        noCharge: "tanpa biaya",
        noAnswer: "belum dijawab",
        unknownKind: "jenis tidak dikenal",
      },
      means: {
        found: "layanan mencatat pembelian ini dengan invoice yang tertera: sudah dibeli, tidak perlu apa-apa lagi.",
        notFound:
          "layanan tidak punya pembelian ini: tidak jadi dibeli. Aman beli lagi dengan ref_id yang sama (--ref-id dan Ref ID barisnya).",
        sentAgain: "order sandbox dikirim lagi (order sandbox tidak memindahkan dana).",
        goneThrough: "order sandbox sudah masuk.",
        lockHeld: "stok terkunci; tokennya adalah Ref ID barisnya.",
        noLock: "tidak ada stok yang dikunci (kunci yang sempat dibuat sudah berakhir).",
        noCharge:
          "link isi saldo tidak memotong saldo sampai dibayar; minta link baru dengan `reseller topup` kalau perlu.",
        noAnswer: (codes: string) =>
          `layanan tidak menjawab (${codes}): hasilnya masih belum pasti; jangan beli lagi dengan ref_id baru.`,
        unknownKind: "jenis permintaan yang belum bisa ditanyakan oleh versi reseller ini.",
      },
      kinds: { buy: "beli", sandbox: "sandbox", lock: "kunci stok", topup: "isi saldo" } as Record<string, string>,
      settled: (settled: number, all: number, unknown: number) =>
        `${settled} dari ${all} sudah dipastikan.${unknown ? ` ${unknown} masih belum pasti: layanan tidak menjawab; jalankan \`reseller reconcile\` lagi nanti.` : ""}`,
    },
    validate: {
      zoneNotSent: (name: string, zone: string) => `${name} dicek tanpa zona; --zone-id ${zone} tidak dikirim.`,
      zoneFor: (name: string) => `Zone ID untuk ${name}`,
      account: "Akun",
      region: "Wilayah",
      customerId: "ID pelanggan",
      zone: "Zona",
      item: "Produk",
      fromCache: "Dari cache",
      yes: "ya",
      no: "tidak",
    },
    sandbox: {
      sending: (qty: number, item: number, refId: string) =>
        `Mengirim order sandbox ${qty} × produk ${item} (ref_id ${refId})…`,
      settle: "Order sandbox tidak memindahkan dana. Jalankan `reseller reconcile` untuk memastikannya di jurnal.",
      recorded: (refId: string, invoice: string) =>
        `Order sandbox tercatat (ref_id ${refId}${invoice ? `, invoice ${invoice}` : ""}); saldo dan stok tidak berubah.`,
    },
  },
  records: {
    isLink: (path: string) =>
      `${path} adalah tautan simbolik: reseller menyimpan catatannya hanya di file miliknya sendiri.`,
    isLinkHint:
      "Ganti tautan itu dengan direktori atau file aslinya (`reseller config path` menunjukkan direktorinya).",
    notAFile: (path: string) => `${path} bukan file biasa: reseller tidak bisa menyimpan catatannya di sana.`,
    networkFilesystem: (dir: string, kind: string) =>
      `${dir} ada di filesystem jaringan (${kind}); basis data catatan bisa rusak bila dua mesin menulis bersamaan.`,
    networkFilesystemHint:
      "Simpan direktori konfigurasi di disk lokal: isi RESELLER_CONFIG_DIR dengan direktori lokal (docs/money-safety.md).",
    newerVersion: (path: string, found: number, known: number) =>
      `${path} ditulis oleh rilis reseller yang lebih baru (versi catatan ${found}; rilis ini kenal versi ${known}): tidak ada yang dibaca darinya atau dikirim.`,
    newerVersionHint:
      "Perbarui reseller ke rilis yang menulisnya (catatannya tetap seperti adanya), atau arahkan RESELLER_CONFIG_DIR ke dir lain.",
    importMiscounted: (path: string, read: number, written: number, added: number) =>
      `Catatan di ${path} tidak terimpor utuh (${read} dibaca, ${written} ditulis, ${added} ditambahkan): tidak ada yang diimpor, dan file-nya tetap di tempatnya.`,
  },
  plan: {
    verdicts: { would_buy: "akan dibeli", already_bought: "sudah dibeli", refused: "ditolak" },
    refusedBecause: (code: string) => `ditolak: ${code}`,
    alreadyBoughtAs: (refId: string) => `sudah dibeli (${refId})`,
    repeat: (refId: string) => `sudah dibeli sebelumnya sebagai ${refId}; jalankan dengan --skip-bought atau --again`,
    repeatOrder: (refId: string) => `order yang sama sudah dibeli sebelumnya sebagai ${refId}; jalankan dengan --again`,
    itemNumbered: (id: number) => `produk ${id}`,
    counts: (wouldBuy: number, total: string, before: number, refused: number) =>
      `${wouldBuy} order akan dibeli seharga ${total}; ${before} sudah dibeli; ${refused} ditolak.`,
    covered: (balance: string, left: string) => `Saldo ${balance}: sisa ${left} setelah dijalankan.`,
    short: (balance: string, total: string, short: string) =>
      `Saldo ${balance} tidak cukup untuk ${total}: kurang ${short}.`,
    canRun: "Pembelian bisa dijalankan.",
    cannotRun: "Pembelian tidak bisa dijalankan.",
    priceChanged: (item: string, kept: string, now: string) =>
      `Harga ${item} berubah sejak salinan katalog: dulu ${kept}, sekarang ${now}.`,
    alternatives: (row: number, items: string) =>
      `Baris ${row}: kalau tidak bisa dibeli, produk ${items} dicoba berurutan.`,
    nothingSent: "Ini rencana: tidak ada yang dikirim.",
    heading: "Rencana",
  },
  bulk: {
    cannotRead: (path: string, why: string) => `File order ${path} tidak bisa dibaca: ${why}`,
    nothingBought: "Tidak ada yang dibeli.",
    boughtBefore: (n: number) => (n ? ` (${n} sudah dibeli sebelumnya, tidak dikirim lagi)` : ""),
    allBought: (n: number, path: string) =>
      n === 1
        ? `Order dari ${path} sudah dibeli; tidak ada yang dikirim lagi.`
        : `Semua ${n} order dari ${path} sudah dibeli; tidak ada yang dikirim lagi.`,
    allBoughtAgain: "Untuk membelinya lagi, jalankan dengan --again.",
    toBuy: (n: number, path: string, total: string, before: string) =>
      `${n} order dari ${path} akan dibeli, total ${total}${before}.`,
    confirm: (n: number) => `Beli ${n} order?`,
    sending: (n: number, total: string, atATime: number, before: string) =>
      `Mengirim ${n} order (paling banyak ${total}), ${atATime} sekaligus${before}…`,
    unchecked: (place: string, row: number, reason: string) =>
      `${place} baris ${row}: akun pelanggan tidak dicek (${reason}); dibeli tanpa cek.`,
    waitingForOther: (place: string, refId: string) =>
      `${place}: proses reseller lain sedang membeli order yang sama (ref_id ${refId}); menunggu jawabannya…`,
    lineOf: (row: number, customer: string) => `baris ${row}${customer ? ` (${customer})` : ""}`,
    deliveryFailed: (lines: string, n: number) =>
      `Pengiriman gagal untuk ${lines}: dana dikembalikan. Perbaiki data pelanggan di ${n === 1 ? "baris itu" : "baris-baris itu"} lalu jalankan file ini lagi: baris yang diperbaiki jadi order baru.`,
    settleUnknown:
      "Pastikan hasil yang belum pasti dengan `reseller reconcile`; menjalankan order yang sama lagi menyelesaikan sisanya dan tidak pernah membeli satu order dua kali.",
    retryRefused:
      "Menjalankan order yang sama lagi mengulang yang ditolak atau tidak dikirim, dan tidak pernah membeli satu order dua kali.",
    printFault: (fault: string) =>
      `Order tetap seperti di atas dan di jurnal, tapi ada yang salah saat mencetak atau menyimpan hasilnya (--out, --receipts): ${fault}`,
    money: (spent: string, refunded: string, net: string, balance: string) =>
      `Terpakai ${spent}${refunded ? `, dana ${refunded} dikembalikan: total ${net}` : ""}${balance ? `; saldo sekarang ${balance}` : ""}.`,
    progress: (finished: number, total: number, row: number, what: string, customer: string, verdict: string) =>
      `[${finished}/${total}] baris ${row} ${what}${customer ? ` untuk ${customer}` : ""}: ${verdict}`,
    before: (words: string) => `${words} (sebelumnya)`,
    repeatNamed: (place: string, what: string, customer: string, when: string, refId: string, notFound: boolean) =>
      `${place} (${what}${customer ? ` untuk ${customer}` : ""}, ${notFound ? "dikirim" : "dibeli"} ${when} dengan ${refId}${notFound ? `, tidak ada waktu dicek tapi mungkin sudah dibeli sesudahnya: cek dengan \`reseller trx show ${refId}\`` : ""})`,
    repeatMore: (n: number) => (n ? `, dan ${n} lagi` : ""),
    repeats: (n: number, hours: number, named: string, more: string) =>
      `${n} order di file ini sama dengan pembelian dalam ${hours} jam terakhir: ${named}${more}.`,
    repeatsHint:
      "Tambahkan --skip-bought untuk membeli order yang baru saja, atau --again untuk membeli yang sama itu lagi.",
    skippingRepeats: "Yang sama dilewati, yang baru dibeli (--yes memilih jawaban aman; --again membelinya lagi).",
    repeatQuestion: (n: number) => `Mau diapakan ${n === 1 ? "order itu" : "order-order itu"}?`,
    repeatSkip: (_n: number) => "Lewati (sudah dibeli) dan beli yang baru",
    repeatAgain: (_n: number) => "Beli lagi",
    repeatNothing: "Jangan beli apa pun",
    counts: {
      delivered: (n: number) => `${n} berhasil`,
      bought: (n: number) => `${n} diproses`,
      partial: (n: number) => `${n} sebagian terkirim`,
      delivery_failed: (n: number) => `${n} gagal`,
      refused: (n: number) => `${n} ditolak`,
      not_sent: (n: number) => `${n} tidak dikirim`,
      unknown: (n: number) => `${n} belum pasti`,
    },
    refunded: (amount: string) => ` (dana ${amount} dikembalikan)`,
    summary: (n: number, parts: string, before: number) =>
      `${n} order: ${parts}${before ? `; ${before} di antaranya sudah dibeli sebelumnya, tidak dikirim lagi` : ""}.`,
  },
  alternatives: {
    item: "Produk",
    alternatives: "Pengganti",
    named: (id: number, name: string | undefined) => (name ? `${id} (${name})` : `varian ${id}`),
    noneYet: "Belum ada pengganti: `reseller alternatives set ITEM ALT` menyimpannya.",
    set: (item: string, list: string) => `Pengganti untuk ${item}, dicoba berurutan: ${list}.`,
    itself: (id: number) => `Varian ${id} tidak bisa jadi pengganti dirinya sendiri.`,
    twice: (id: number) => `Pengganti ${id} disebut dua kali.`,
    tooMany: (max: number, n: number) => `Paling banyak ${max} pengganti per produk, bukan ${n}.`,
    notKept: (ids: string) => `Tidak ada di katalog tersimpan: ${ids}.`,
    notKeptHint:
      "`reseller items --refresh` memperbarui salinannya; produk yang tidak dimiliki layanan tidak bisa dijual sebagai pengganti.",
    removed: (item: string) => `Pengganti untuk ${item} dihapus.`,
    noneFor: (item: string) => `${item} tidak punya pengganti.`,
    seeThem: "`reseller alternatives` menampilkannya.",
    why: {
      disrupted: "sedang gangguan (saldo tidak terpotong)",
      refused: (code: string) => `ditolak (${code}; saldo tidak terpotong)`,
      notSent: (code: string) => `tidak dikirim (${code}; saldo tidak terpotong)`,
      deliveryFailed: "gagal dan dananya dikembalikan penuh",
    },
    whyPast: {
      disrupted: "sedang gangguan",
      refused: "ditolak",
      notSent: "tidak dikirim",
      deliveryFailed: "gagal (dana dikembalikan)",
    },
    trying: (original: string, why: string, alternative: string, n: number, of: number) =>
      `${original} ${why}: membeli penggantinya ${alternative} (${n} dari ${of}) untuk pelanggan yang sama…`,
    aboveMax: (alternative: string, cost: string, cap: string) =>
      `Pengganti ${alternative} dilewati: harganya ${cost}, di atas batas penjualan ini (${cap}; ubah dengan --max-price).`,
    cannotSell: (alternative: string, why: string) => `Pengganti ${alternative} dilewati: ${why}`,
    boughtInstead: (alternative: string, original: string, whyPast: string) =>
      `${alternative} terjual sebagai pengganti ${original}, yang ${whyPast}.`,
    noneLeft: (original: string) =>
      `Tidak ada pengganti ${original} yang bisa dibeli; saldo tidak terpotong untuk penjualan ini.`,
    noneKept: (id: number) =>
      `--alternatives: varian ${id} belum punya pengganti; \`reseller alternatives set ${id} ALT\` menyimpannya.`,
    soldForAnother: (refId: string, altRefId: string) =>
      `ref_id ${refId} sudah terjual lewat penggantinya ${altRefId} untuk order lain, bukan yang ini; tidak ada yang dikirim.`,
    soldBefore: (refId: string, altRefId: string, item: string, aside: string) =>
      `ref_id ${refId} sudah terjual lewat penggantinya ${altRefId}${item ? `, ${item}` : ""} ${aside}; tidak dikirim lagi.`,
    failedBefore: (alternative: string, altRefId: string, refunded: string) =>
      `${alternative} sudah pernah dibeli untuk penjualan ini (ref_id ${altRefId}); pengirimannya gagal dan dana ${refunded} dikembalikan penuh.`,
    waitingForOther: (refId: string, altRefId: string) =>
      `ref_id ${refId}: proses reseller lain sedang membeli penggantinya ${altRefId}; menunggu jawabannya…`,
    soldMaybe: (refId: string, altRefId: string) =>
      `ref_id ${refId} sudah dikirim lewat penggantinya ${altRefId}; waktu dicek, layanan belum punya transaksinya, tapi mungkin sudah membelinya sesudah itu; tidak dikirim lagi. Cek dulu: reseller trx show ${altRefId}`,
    sentByAnotherRun: (refId: string, altRefId: string, earlierRefId: string, outcome: string) =>
      `Penjualan ${refId} sudah dikirim oleh proses lain (ref_id ${earlierRefId}, hasil: ${outcome}); penggantinya ${altRefId} tidak dikirim, supaya tidak terjual dua kali.`,
    sentByAnotherRunHint: (earlierRefId: string) =>
      `Cek dulu dengan \`reseller trx show ${earlierRefId}\` sebelum menjual yang lain ke pelanggan ini.`,
    keptFor: (list: string) =>
      `Penggantinya: ${list}. Beli lagi dengan --alternatives untuk menjual yang pertama bisa.`,
    noneKeptHint: (id: number, candidates: string) =>
      `Belum ada pengganti untuknya${candidates ? `; varian produk yang sama: ${candidates}` : ""}. \`reseller alternatives set ${id} ALT\` menyimpannya untuk \`buy --alternatives\`.`,
    cartNotYet:
      "--cart tidak bisa dengan --alternatives: keranjang dibeli utuh dalam satu transaksi, dan reseller tidak mengganti salah satu barisnya sendiri.",
    cartInstead:
      "Beli baris-barisnya sebagai baris file order (`buy --file FILE --alternatives`: tiap baris order sendiri, dengan penggantinya sendiri), atau isi baris keranjang yang gangguan dengan penggantinya lalu beli keranjang itu lagi.",
    cartLine: (place: string, item: string, alternatives: string) =>
      `${place} (${item})${alternatives ? `, pengganti: ${alternatives}` : ""}`,
    cartDisrupted: (lines: string) =>
      `Yang gangguan di keranjang ini: ${lines}. Keranjang dibeli utuh: isi baris itu dengan penggantinya lalu beli keranjang lagi, atau beli baris-barisnya dengan \`buy --file FILE --alternatives\`.`,
    cartDisruptedUnnamed:
      "Keranjang dibeli utuh: `reseller items` menandai produk yang gangguan; isi baris itu dengan penggantinya lalu beli keranjang lagi, atau beli baris-barisnya dengan `buy --file FILE --alternatives`.",
    badList: (where: string, text: string) =>
      `${where}alternatives harus id varian dipisah spasi atau |, bukan "${text}".`,
  },
  journalOutcomes: {
    done: "selesai",
    "in flight": "sedang dikirim",
    unknown: "belum pasti",
    "not bought": "tidak dibeli",
    "no charge": "tanpa biaya",
    "not held": "tidak dikunci",
    "not done": "tidak jadi",
    "not sent": "tidak dikirim",
    refused: "ditolak",
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
});

let built: Messages | undefined;

/** Indonesian, built the first time something reads it, as English is (src/messages/en.ts). */
export const id: Messages = whenRead(indonesian);

export function indonesian(): Messages {
  built ??= indonesianCatalogue();
  return built;
}
