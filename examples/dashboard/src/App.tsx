import { useEffect, useId, useRef, useState } from 'react';
import {
  ConfirmIntentButton,
  FlowLauncher,
  PaymentsProvider,
  TransactionDetail,
  VolumeCard,
  type PaymentIntent,
  type PaymentsMessages,
  type PaymentsTheme,
} from 'payments-kit';
import { loadMessages, localeDirection, messagesEn, type MessagesLocale } from 'payments-kit/messages';
import { TransferList, type TransferFilters } from 'payments-kit/transfers';
import { PaymentsEvents } from 'payments-kit/live';
import { loadTransferListMessages, transferListMessagesEn, type TransferListMessages } from 'payments-kit/transfers/messages';
import 'payments-kit/transfers.css';
import { FLOW_STEPS, INTENTS, LEGACY_IDS, PAYMENT_METHOD, V2_IDS } from './demoIds.js';

const PERIODS = ['day', 'week', 'month', '30d', 'year'] as const;
const TYPES = ['receive', 'send'] as const;

const LABELS = {
  en: {
    title: 'Merchant dashboard',
    subtitle: 'payments-kit on the local sandbox, through the kit’s proxy',
    theme: 'Theme',
    language: 'Language',
    light: 'Light',
    dark: 'Dark',
    auto: 'System',
    lookup: 'Transaction lookup',
    generation: 'Interface',
    transactionId: 'Transaction id',
    confirm: 'Confirm a payment',
    intent: 'Payment intent',
    askFirst: 'Ask before paying',
    onboarding: 'Onboarding',
    mode: 'Mode',
    inline: 'Inline',
    dialog: 'In a dialog',
    onboardingDone: 'Onboarding is done.',
    onboardingAgain: 'Start again',
    volume: 'Transaction volume',
    // Each language writes its own colon: full-width in Chinese and Japanese, spaced in French.
    lastOutcome: 'Last outcome: ',
    elements: 'The same components as custom elements',
    exportFailed: 'The export stopped. Try again.',
  },
  es: {
    title: 'Panel del comercio',
    subtitle: 'payments-kit sobre el sandbox local, a través del proxy del kit',
    theme: 'Tema',
    language: 'Idioma',
    light: 'Claro',
    dark: 'Oscuro',
    auto: 'Sistema',
    lookup: 'Buscar una transacción',
    generation: 'Interfaz',
    transactionId: 'Id de transacción',
    confirm: 'Confirmar un pago',
    intent: 'Intención de pago',
    askFirst: 'Preguntar antes de pagar',
    onboarding: 'Alta',
    mode: 'Modo',
    inline: 'En la página',
    onboardingDone: 'El alta está completa.',
    onboardingAgain: 'Volver a empezar',
    dialog: 'En un diálogo',
    volume: 'Volumen de transacciones',
    lastOutcome: 'Último resultado: ',
    elements: 'Los mismos componentes como elementos personalizados',
    exportFailed: 'La exportación se detuvo. Inténtalo de nuevo.',
  },
  fr: {
    title: 'Tableau de bord marchand',
    subtitle: 'payments-kit sur le sandbox local, via le proxy du kit',
    theme: 'Thème',
    language: 'Langue',
    light: 'Clair',
    dark: 'Sombre',
    auto: 'Système',
    lookup: 'Rechercher une transaction',
    generation: 'Interface',
    transactionId: 'Id de transaction',
    confirm: 'Confirmer un paiement',
    intent: 'Intention de paiement',
    askFirst: 'Demander avant de payer',
    onboarding: 'Inscription',
    mode: 'Mode',
    inline: 'Dans la page',
    onboardingDone: 'L’inscription est terminée.',
    onboardingAgain: 'Recommencer',
    dialog: 'Dans une boîte de dialogue',
    volume: 'Volume des transactions',
    lastOutcome: 'Dernier résultat\u202f: ',
    elements: 'Les mêmes composants en éléments personnalisés',
    exportFailed: 'L’export s’est arrêté. Réessayez.',
  },
  de: {
    title: 'Händler-Dashboard',
    subtitle: 'payments-kit auf der lokalen Sandbox, über den Proxy des Kits',
    theme: 'Design',
    language: 'Sprache',
    light: 'Hell',
    dark: 'Dunkel',
    auto: 'System',
    lookup: 'Transaktion suchen',
    generation: 'Schnittstelle',
    transactionId: 'Transaktions-ID',
    confirm: 'Zahlung bestätigen',
    intent: 'Zahlungsabsicht',
    askFirst: 'Vor dem Zahlen fragen',
    onboarding: 'Einrichtung',
    mode: 'Modus',
    inline: 'Auf der Seite',
    onboardingDone: 'Die Einrichtung ist abgeschlossen.',
    onboardingAgain: 'Neu beginnen',
    dialog: 'In einem Dialog',
    volume: 'Transaktionsvolumen',
    lastOutcome: 'Letztes Ergebnis: ',
    elements: 'Dieselben Komponenten als Custom Elements',
    exportFailed: 'Der Export wurde abgebrochen. Versuchen Sie es erneut.',
  },
  it: {
    title: 'Dashboard del commerciante',
    subtitle: 'payments-kit sulla sandbox locale, tramite il proxy del kit',
    theme: 'Tema',
    language: 'Lingua',
    light: 'Chiaro',
    dark: 'Scuro',
    auto: 'Sistema',
    lookup: 'Cerca una transazione',
    generation: 'Interfaccia',
    transactionId: 'ID transazione',
    confirm: 'Conferma un pagamento',
    intent: 'Intento di pagamento',
    askFirst: 'Chiedi prima di pagare',
    onboarding: 'Attivazione',
    mode: 'Modalità',
    inline: 'Nella pagina',
    onboardingDone: 'L’attivazione è completata.',
    onboardingAgain: 'Ricomincia',
    dialog: 'In una finestra di dialogo',
    volume: 'Volume delle transazioni',
    lastOutcome: 'Ultimo esito: ',
    elements: 'Gli stessi componenti come elementi personalizzati',
    exportFailed: 'L’esportazione si è interrotta. Riprova.',
  },
  nl: {
    title: 'Dashboard voor verkopers',
    subtitle: 'payments-kit op de lokale sandbox, via de proxy van de kit',
    theme: 'Thema',
    language: 'Taal',
    light: 'Licht',
    dark: 'Donker',
    auto: 'Systeem',
    lookup: 'Transactie opzoeken',
    generation: 'Interface',
    transactionId: 'Transactie-id',
    confirm: 'Een betaling bevestigen',
    intent: 'Betaalintentie',
    askFirst: 'Vragen voor het betalen',
    onboarding: 'Aanmelding',
    mode: 'Weergave',
    inline: 'Op de pagina',
    onboardingDone: 'De aanmelding is voltooid.',
    onboardingAgain: 'Opnieuw beginnen',
    dialog: 'In een dialoogvenster',
    volume: 'Transactievolume',
    lastOutcome: 'Laatste uitkomst: ',
    elements: 'Dezelfde componenten als custom elements',
    exportFailed: 'De export is gestopt. Probeer het opnieuw.',
  },
  'pt-BR': {
    title: 'Painel do lojista',
    subtitle: 'payments-kit no sandbox local, pelo proxy do kit',
    theme: 'Tema',
    language: 'Idioma',
    light: 'Claro',
    dark: 'Escuro',
    auto: 'Sistema',
    lookup: 'Consultar uma transação',
    generation: 'Interface',
    transactionId: 'ID da transação',
    confirm: 'Confirmar um pagamento',
    intent: 'Intenção de pagamento',
    askFirst: 'Perguntar antes de pagar',
    onboarding: 'Cadastro',
    mode: 'Modo',
    inline: 'Na página',
    onboardingDone: 'O cadastro foi concluído.',
    onboardingAgain: 'Começar de novo',
    dialog: 'Em uma caixa de diálogo',
    volume: 'Volume de transações',
    lastOutcome: 'Último resultado: ',
    elements: 'Os mesmos componentes como elementos personalizados',
    exportFailed: 'A exportação parou. Tente novamente.',
  },
  ja: {
    title: '加盟店ダッシュボード',
    subtitle: 'ローカルのサンドボックス上の payments-kit（キットのプロキシ経由）',
    theme: 'テーマ',
    language: '言語',
    light: 'ライト',
    dark: 'ダーク',
    auto: 'システム',
    lookup: '取引の検索',
    generation: 'インターフェース',
    transactionId: '取引 ID',
    confirm: '支払いの確定',
    intent: '支払いインテント',
    askFirst: '支払い前に確認する',
    onboarding: 'オンボーディング',
    mode: '表示方法',
    inline: 'ページ内',
    onboardingDone: 'オンボーディングが完了しました。',
    onboardingAgain: '最初からやり直す',
    dialog: 'ダイアログ',
    volume: '取引額',
    lastOutcome: '直近の結果：',
    elements: '同じコンポーネントをカスタム要素で',
    exportFailed: 'エクスポートが中断されました。もう一度お試しください。',
  },
  ar: {
    title: 'لوحة التاجر',
    subtitle: 'payments-kit على بيئة الاختبار المحلية، عبر وكيل الحزمة',
    theme: 'المظهر',
    language: 'اللغة',
    light: 'فاتح',
    dark: 'داكن',
    auto: 'النظام',
    lookup: 'البحث عن معاملة',
    generation: 'الواجهة',
    transactionId: 'معرّف المعاملة',
    confirm: 'تأكيد دفعة',
    intent: 'نية الدفع',
    askFirst: 'السؤال قبل الدفع',
    onboarding: 'التسجيل',
    mode: 'طريقة العرض',
    inline: 'داخل الصفحة',
    onboardingDone: 'اكتمل التسجيل.',
    onboardingAgain: 'البدء من جديد',
    dialog: 'في مربع حوار',
    volume: 'حجم المعاملات',
    lastOutcome: 'آخر نتيجة: ',
    elements: 'المكوّنات نفسها كعناصر مخصّصة',
    exportFailed: 'توقف التصدير. حاول مرة أخرى.',
  },
  'zh-CN': {
    title: '商户仪表板',
    subtitle: '通过本工具包的代理，在本地沙盒上运行的 payments-kit',
    theme: '主题',
    language: '语言',
    light: '浅色',
    dark: '深色',
    auto: '跟随系统',
    lookup: '查询交易',
    generation: '接口',
    transactionId: '交易 ID',
    confirm: '确认付款',
    intent: '支付意图',
    askFirst: '付款前询问',
    onboarding: '开户',
    mode: '显示方式',
    inline: '页面内',
    onboardingDone: '开户已完成。',
    onboardingAgain: '重新开始',
    dialog: '对话框中',
    volume: '交易额',
    lastOutcome: '最近结果：',
    elements: '以自定义元素呈现的相同组件',
    exportFailed: '导出已中断，请重试。',
  },
  pl: {
    title: 'Panel sprzedawcy',
    subtitle: 'payments-kit w lokalnym sandboksie, przez proxy zestawu',
    theme: 'Motyw',
    language: 'Język',
    light: 'Jasny',
    dark: 'Ciemny',
    auto: 'Systemowy',
    lookup: 'Wyszukiwanie transakcji',
    generation: 'Interfejs',
    transactionId: 'Identyfikator transakcji',
    confirm: 'Potwierdzenie płatności',
    intent: 'Intencja płatności',
    askFirst: 'Pytaj przed zapłatą',
    onboarding: 'Rejestracja',
    mode: 'Tryb',
    inline: 'Na stronie',
    onboardingDone: 'Rejestracja została zakończona.',
    onboardingAgain: 'Zacznij od nowa',
    dialog: 'W oknie dialogowym',
    volume: 'Wartość transakcji',
    lastOutcome: 'Ostatni wynik: ',
    elements: 'Te same komponenty jako elementy niestandardowe',
    exportFailed: 'Eksport został przerwany. Spróbuj ponownie.',
  },
  he: {
    title: 'לוח בקרה לסוחר',
    subtitle: 'payments-kit בסביבת הבדיקה המקומית, דרך ה-proxy של הערכה',
    theme: 'ערכת נושא',
    language: 'שפה',
    light: 'בהירה',
    dark: 'כהה',
    auto: 'לפי המערכת',
    lookup: 'חיפוש עסקה',
    generation: 'ממשק',
    transactionId: 'מזהה עסקה',
    confirm: 'אישור תשלום',
    intent: 'כוונת תשלום',
    askFirst: 'שאלה לפני תשלום',
    onboarding: 'הצטרפות',
    mode: 'תצוגה',
    inline: 'בתוך הדף',
    onboardingDone: 'ההצטרפות הושלמה.',
    onboardingAgain: 'להתחיל מחדש',
    dialog: 'בחלון דו-שיח',
    volume: 'מחזור עסקאות',
    lastOutcome: 'התוצאה האחרונה: ',
    elements: 'אותם רכיבים כרכיבים מותאמים אישית',
    exportFailed: 'הייצוא נעצר. יש לנסות שוב.',
  },
} as const satisfies Record<MessagesLocale, Record<string, string>>;

type Locale = keyof typeof LABELS;

/** Each language named in itself, as a language menu shows them. */
const LANGUAGES: [Locale, string][] = [
  ['en', 'English'],
  ['es', 'Español'],
  ['fr', 'Français'],
  ['de', 'Deutsch'],
  ['it', 'Italiano'],
  ['nl', 'Nederlands'],
  ['pt-BR', 'Português (Brasil)'],
  ['ja', '日本語'],
  ['ar', 'العربية'],
  ['zh-CN', '简体中文'],
  ['pl', 'Polski'],
  ['he', 'עברית'],
];

/**
 * The page's payment session, from its own server: the proxy serves nothing without one. The
 * provider asks once at start and once more whenever the proxy says it has expired.
 */
async function getSession(): Promise<string> {
  const response = await fetch('/demo-session', { method: 'POST' });
  if (!response.ok) throw new Error(`The demo server gave no payment session (${String(response.status)}).`);
  return ((await response.json()) as { token: string }).token;
}

export function App({ flowOrigins }: { flowOrigins: string[] }) {
  const [theme, setTheme] = useState<PaymentsTheme>('light');
  // The language picked, and the one on screen: the kit's words for a language are a chunk of
  // their own (`loadMessages`), and the page changes language, direction, formats and words
  // together once they have arrived.
  const [picked, setPicked] = useState<Locale>('en');
  const [shown, setShown] = useState<{ locale: Locale; messages?: PaymentsMessages }>({ locale: 'en' });
  const { locale } = shown;
  const t = LABELS[locale];
  // The kit's own words for what the page says about payments (statuses, periods, types), so
  // they are in the page's language; English until the first catalogue has arrived.
  const words = shown.messages ?? messagesEn;

  useEffect(() => {
    let current = true;
    void loadMessages(picked).then((messages) => {
      if (current) setShown({ locale: picked, messages });
    });
    return () => {
      current = false;
    };
  }, [picked]);

  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = localeDirection(locale);
    document.documentElement.dataset.pkTheme = theme;
  }, [locale, theme]);

  return (
    <PaymentsProvider getSession={getSession} locale={locale} messages={shown.messages} theme={theme}>
      {/* Pushed status: a payout that completes shows at once, without waiting for the next poll. */}
      <PaymentsEvents url="/api/payments-events" />
      <div className="demo">
        <header className="demo__header">
          <div>
            <h1>{t.title}</h1>
            <p className="demo__subtitle">{t.subtitle}</p>
            <p className="demo__subtitle">
              <a className="demo__link" href="/elements.html">
                {t.elements}
              </a>
            </p>
          </div>
          <div className="demo__switches">
            <Choice label={t.theme} value={theme} onChange={(v) => { setTheme(v as PaymentsTheme); }} options={[['light', t.light], ['dark', t.dark], ['auto', t.auto]]} />
            <LanguageMenu label={t.language} value={picked} onChange={setPicked} />
          </div>
        </header>
        <main className="demo__grid">
          <TransactionLookup labels={t} />
          <ConfirmPanel labels={t} words={words} />
          <OnboardingPanel labels={t} flowOrigins={flowOrigins} />
          <VolumePanel labels={t} words={words} locale={locale} />
          <TransfersPanel labels={t} locale={locale} />
        </main>
      </div>
    </PaymentsProvider>
  );
}

type Labels = (typeof LABELS)[Locale];

function TransactionLookup({ labels }: { labels: Labels }) {
  const [generation, setGeneration] = useState<'v2' | 'legacy'>('v2');
  const [id, setId] = useState(V2_IDS[0] as string);
  const ids = generation === 'v2' ? V2_IDS : LEGACY_IDS;
  const idField = useId();
  return (
    <section className="demo__panel demo__panel--wide" aria-labelledby="lookup-heading">
      <h2 id="lookup-heading">{labels.lookup}</h2>
      <div className="demo__controls">
        <Choice
          label={labels.generation}
          value={generation}
          onChange={(v) => {
            const next = v as 'v2' | 'legacy';
            setGeneration(next);
            setId((next === 'v2' ? V2_IDS : LEGACY_IDS)[0] as string);
          }}
          options={[['v2', 'v2'], ['legacy', 'legacy']]}
        />
        <label className="demo__field" htmlFor={idField}>
          {labels.transactionId}
          <select id={idField} value={id} onChange={(e) => { setId(e.target.value); }}>
            {ids.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      </div>
      <TransactionDetail transactionId={id} generation={generation} />
    </section>
  );
}

/**
 * Money in and money out, each a row of its own: a card is titled by its period alone (its type
 * is its row's heading), so a narrow screen that wraps a row never puts one type beside the other.
 */
/**
 * The user's transfers, page by page, with the detail beside the list, and a CSV of the filtered
 * list from the server's export route (it walks every page through the proxy, under the session).
 */
function TransfersPanel({ labels, locale }: { labels: Labels; locale: Locale }) {
  const [words, setWords] = useState<TransferListMessages>();
  const [filters, setFilters] = useState<TransferFilters>({});
  const [exporting, setExporting] = useState<'idle' | 'busy' | 'failed'>('idle');
  useEffect(() => {
    let current = true;
    void loadTransferListMessages(locale).then((loaded) => {
      if (current) setWords(loaded);
    });
    return () => {
      current = false;
    };
  }, [locale]);

  const exportCsv = async () => {
    setExporting('busy');
    try {
      const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
      const response = await fetch(`/api/payments-export/transfers.csv?${query.toString()}`, { headers: { 'payments-session': await getSession() } });
      if (!response.ok) throw new Error(`export answered ${String(response.status)}`);
      // Read whole before the link is made: a download cut short by an error must not look complete.
      const file = URL.createObjectURL(await response.blob());
      const link = Object.assign(document.createElement('a'), { href: file, download: 'transfers.csv' });
      link.click();
      // Not at once: a browser may still be opening the file when click() returns (Firefox drops
      // a download whose address was revoked in the same task), and a CSV held a minute is cheap.
      setTimeout(() => {
        URL.revokeObjectURL(file);
      }, 60_000);
      setExporting('idle');
    } catch {
      setExporting('failed');
    }
  };

  return (
    <div className="demo__panel demo__panel--wide">
      <TransferList pageSize={10} messages={words} onFiltersChange={setFilters} />
      <div className="pk-root demo__export">
        <button type="button" className="pk-button" data-variant="secondary" aria-busy={exporting === 'busy'} disabled={exporting === 'busy'} onClick={() => void exportCsv()}>
          {(words ?? transferListMessagesEn).transferListExport}
        </button>
        {exporting === 'failed' ? <p role="alert">{labels.exportFailed}</p> : null}
      </div>
    </div>
  );
}

function VolumePanel({ labels, words, locale }: { labels: Labels; words: PaymentsMessages; locale: Locale }) {
  return (
    <section className="demo__panel demo__panel--wide" aria-labelledby="volume-heading">
      <h2 id="volume-heading">{labels.volume}</h2>
      {TYPES.map((type) => (
        <section key={type} className="demo__volume" aria-labelledby={`volume-${type}`}>
          <h3 id={`volume-${type}`}>{words.volumeTypes[type]}</h3>
          <div className="demo__cards">
            {PERIODS.map((period) => (
              <VolumeCard key={period} period={period} type={type} tz="UTC" headingLevel={4} title={periodTitle(period, words, locale)} />
            ))}
          </div>
        </section>
      ))}
    </section>
  );
}

/**
 * A period in the kit's words: "Last 30 days" is a plural message, in the form its 30 takes in
 * the locale, with the number written the locale's way.
 */
function periodTitle(period: (typeof PERIODS)[number], words: PaymentsMessages, locale: Locale): string {
  const { '30d': lastDays, ...names } = words.volumePeriods;
  if (period !== '30d') return names[period];
  const form = lastDays[new Intl.PluralRules(locale).select(30)] ?? lastDays.other;
  return form.replace('{count}', new Intl.NumberFormat(locale).format(30));
}

function ConfirmPanel({ labels, words }: { labels: Labels; words: PaymentsMessages }) {
  const [intent, setIntent] = useState('pi_succeeded');
  const [askFirst, setAskFirst] = useState(true);
  // Each intent's own last outcome: the line under the button speaks of the intent it shows.
  const [outcomes, setOutcomes] = useState<Partial<Record<string, string>>>({});
  const outcome = outcomes[intent];
  const intentField = useId();
  const askField = useId();
  return (
    <section className="demo__panel" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading">{labels.confirm}</h2>
      <div className="demo__controls">
        <label className="demo__field" htmlFor={intentField}>
          {labels.intent}
          <select id={intentField} value={intent} onChange={(e) => { setIntent(e.target.value); }}>
            {Object.keys(INTENTS).map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <label className="demo__check" htmlFor={askField}>
          <input id={askField} type="checkbox" checked={askFirst} onChange={(e) => { setAskFirst(e.target.checked); }} />
          {labels.askFirst}
        </label>
      </div>
      <ConfirmIntentButton
        key={intent}
        paymentIntentId={intent}
        paymentMethodId={PAYMENT_METHOD}
        amount={INTENTS[intent]}
        currency="usd"
        requireConfirmation={askFirst}
        onOutcome={(pi: PaymentIntent) => {
          if (pi.status) setOutcomes((previous) => ({ ...previous, [intent]: pi.status ?? undefined }));
        }}
      />
      <p className="demo__note">
        {labels.lastOutcome}
        <output>{outcome === undefined ? '—' : statusWord(outcome, words)}</output>
      </p>
    </section>
  );
}

/** A payment intent status in the kit's words; one the kit does not know, as the API sent it. */
function statusWord(status: string, words: PaymentsMessages): string {
  const known: Readonly<Record<string, string>> = words.paymentIntentStatuses;
  return Object.hasOwn(known, status) ? (known[status] ?? status) : status;
}

function OnboardingPanel({ labels, flowOrigins }: { labels: Labels; flowOrigins: string[] }) {
  const [mode, setMode] = useState<'inline' | 'dialog'>('inline');
  // Each run of the flow, and whether it ended: once every step is done, the hosted page has
  // nothing more to show, so the panel says so and offers a new run (a new flow) in its place.
  const [run, setRun] = useState(0);
  const [done, setDone] = useState(false);
  const again = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (done) again.current?.focus();
  }, [done]);
  return (
    <section className="demo__panel" aria-labelledby="onboarding-heading">
      <h2 id="onboarding-heading">{labels.onboarding}</h2>
      <div className="demo__controls">
        <Choice label={labels.mode} value={mode} onChange={(v) => { setMode(v as 'inline' | 'dialog'); setDone(false); }} options={[['inline', labels.inline], ['dialog', labels.dialog]]} />
      </div>
      {done ? (
        <div className="pk-root demo__done">
          <p role="status">{labels.onboardingDone}</p>
          <button ref={again} type="button" className="pk-button" data-variant="secondary" onClick={() => { setDone(false); setRun((n) => n + 1); }}>
            {labels.onboardingAgain}
          </button>
        </div>
      ) : (
        <FlowLauncher key={`${mode}-${run}`} mode={mode} steps={[...FLOW_STEPS]} allowedOrigins={flowOrigins} forwardTheme onComplete={() => { setDone(true); }} />
      )}
    </section>
  );
}

function LanguageMenu({ label, value, onChange }: { label: string; value: Locale; onChange: (value: Locale) => void }) {
  const field = useId();
  return (
    <label className="demo__field" htmlFor={field}>
      {label}
      <select id={field} value={value} onChange={(e) => { onChange(e.target.value as Locale); }}>
        {LANGUAGES.map(([option, name]) => (
          <option key={option} value={option} lang={option}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}

function Choice({ label, value, options, onChange }: { label: string; value: string; options: [string, string][]; onChange: (value: string) => void }) {
  const name = useId();
  return (
    <fieldset className="demo__choice">
      <legend>{label}</legend>
      <div className="demo__segments">
        {options.map(([option, text]) => (
          <label key={option}>
            <input type="radio" name={name} value={option} checked={value === option} onChange={() => { onChange(option); }} />
            {text}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
