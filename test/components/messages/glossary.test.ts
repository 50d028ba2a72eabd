import { readFileSync } from 'node:fs';
import { errorCodesByLocale } from './errorCodeCatalogues.js';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  messagesByLocale,
  type MessagesLocale,
  type PaymentsMessages,
  type PluralMessage,
} from 'payments-kit/messages';

// The payments glossary (docs/glossary.md), as data: for each language, the one term per concept.
// Every catalogue must use it where the concept is shown, so an edit that drifts — "Transferencia"
// for a payout, 確定 for a capture — fails here. A term given as a list is the glossary's word
// first, then the inflected forms a sentence may use instead ("bonifici" in "Gestisci bonifici").
// Terms, synonyms and wrong words are compared ignoring case, so "importe" fails like "Importe";
// each language's register is recorded, and the forms of the other register fail. The last block
// drifts a catalogue on purpose, one kind of drift each, and expects these checks to catch it.

type Term = string | readonly string[];
/** A word or phrase, compared ignoring case; or a pattern, as written. */
type Form = string | RegExp;
type Concept =
  | 'transfer' | 'payout' | 'payoutLink' | 'refill' | 'credit' | 'capture' | 'confirm' | 'volume'
  | 'createdLabel' | 'subtotal' | 'receipt' | 'valueMissing'
  | 'fee' | 'payable' | 'underReview' | 'wallet' | 'balanceTransfer' | 'wireTransfer'
  | 'paymentMethod' | 'payment' | 'request' | 'support' | 'amount' | 'balance'
  | 'received' | 'sent' | 'sender' | 'recipient' | 'cancel';
/** The statuses and periods, in this order, in each row. */
const statusKeys = [
  'transferStatuses.created',
  'transferStatuses.pending',
  'transferStatuses.failed',
  'transferStatuses.completed',
  'transferStatuses.reversed',
  'transferStatuses.canceled',
  'transferStatuses.flagged',
  'paymentIntentStatuses.initialized',
  'paymentIntentStatuses.created',
  'paymentIntentStatuses.requires_payment_method',
  'paymentIntentStatuses.requires_confirmation',
  'paymentIntentStatuses.requires_action',
  'paymentIntentStatuses.processing',
  'paymentIntentStatuses.succeeded',
  'paymentIntentStatuses.requires_capture',
  'paymentIntentStatuses.canceled',
  'paymentIntentStatuses.failed',
] as const;
const periodKeys = ['volumePeriods.day', 'volumePeriods.week', 'volumePeriods.month', 'volumePeriods.year', 'volumePeriods.30d'] as const;
/** The onboarding steps, the transfer types and the platforms that have words, in this order, in each row. */
const valueKeys = [
  ...['compliance', 'id-verification', 'background-check', 'manage-payments', 'manage-payouts', 'payout', 'redirect', 'pdf-form-fill'].map((step) => `flowSteps.${step}`),
  ...['refill', 'payout', 'balance', 'payment', 'settlement', 'payable'].map((type) => `transferTypes.${type}`),
  ...['intl_bank', 'wire', 'invoice', 'crypto'].map((platform) => `transferPlatforms.${platform}`),
];

interface Row {
  readonly terms: Readonly<Record<Concept, Term>>;
  readonly periods: readonly [string, string, string, string, string];
  readonly statuses: readonly string[];
  /** The onboarding steps, transfer types and platforms, in the order of `valueKeys`. */
  readonly values: readonly string[];
  /**
   * How the catalogue speaks to its reader, and the forms of the other register: no string may
   * use them (a word or phrase as a whole word, ignoring case; a pattern as written).
   */
  readonly register: { readonly name: string; readonly forbidden: readonly Form[] };
  /** Other words for a concept than its term: no string may contain them (ignoring case). */
  readonly synonyms: Readonly<Partial<Record<Concept, readonly Form[]>>>;
  /** Words docs/glossary.md lists as wrong in this language: no string may contain them (ignoring case). */
  readonly avoid: readonly Form[];
  /**
   * Words docs/glossary.md lists as wrong in one place only, by its path, and right elsewhere:
   * "Storniert" is a canceled payment but not a canceled transfer, 已完成 a status but not a yes/no.
   */
  readonly avoidAt?: Readonly<Record<string, readonly Form[]>>;
}

const glossary: Readonly<Record<MessagesLocale, Row>> = {
  en: {
    terms: {
      transfer: 'Transfer', payout: 'Payout', payoutLink: 'Payout link', refill: 'Top-up', credit: 'App credit',
      capture: 'Capture', confirm: 'Confirm', volume: 'Volume', createdLabel: 'Created', subtotal: 'Subtotal',
      receipt: 'Receipt', valueMissing: 'None',
      fee: 'Fee', payable: 'Vendor payment', underReview: 'Under review', wallet: 'Wallet', balanceTransfer: 'Balance transfer',
      wireTransfer: 'Wire transfer',
      paymentMethod: 'Payment method', payment: 'Payment', request: 'Request', support: 'Support', amount: 'Amount', balance: 'Balance',
      received: 'Received', sent: 'Sent', sender: 'From', recipient: 'To', cancel: 'Cancel',
    },
    periods: ['1 day', '1 week', '1 month', '1 year', 'Last {count} days'],
    statuses: ['Created', 'Pending', 'Failed', 'Completed', 'Reversed', 'Canceled', 'Under review', 'Initialized', 'Created', 'Payment method required', 'Confirmation required', 'Action required', 'Processing', 'Succeeded', 'Awaiting capture', 'Canceled', 'Failed'],
    values: ['Compliance', 'Identity verification', 'Background check', 'Manage payments', 'Manage payouts', 'Payout', 'Return to site', 'Fill out PDF form', 'Top-up', 'Payout', 'Balance transfer', 'Payment', 'Settlement', 'Vendor payment', 'International bank transfer', 'Wire transfer', 'Invoice', 'Crypto'],
    register: { name: 'you', forbidden: [] },
    synonyms: { paymentMethod: ['payment type', 'payment option'], support: ['customer service', 'help desk'], cancel: ['abort'] },
    avoid: [
      'cancelled', 'refill', 'items total', 'flagged', 'answer', 'charged twice', 'needs a payment method', 'needs confirmation',
      'request was canceled', 'is now', 'couldn’t start', /^(?:Day|Week|Month|Year|Last day)$/u,
      // The app's credit that paid: "Credit" alone reads as money paid in.
      /^Credit(?: transaction ID)?$/u,
    ],
  },
  es: {
    terms: {
      transfer: 'Transferencia', payout: ['Retiro', 'retiros'], payoutLink: 'enlace de retiro', refill: 'Recarga',
      credit: ['Saldo a favor', 'saldo a favor'], capture: ['Captura', 'capture'], confirm: ['Confirmar', 'confirmación'], volume: 'Volumen',
      createdLabel: 'Creada el', subtotal: 'Subtotal', receipt: 'Detalle de la compra', valueMissing: 'Sin datos',
      fee: 'Comisión', payable: 'Pago a proveedor', underReview: 'En revisión', wallet: 'Billetera', balanceTransfer: 'Transferencia de saldo',
      wireTransfer: 'Transferencia Wire',
      paymentMethod: 'Método de pago', payment: 'Pago', request: 'Solicitud', support: 'Soporte', amount: 'Monto', balance: 'Saldo',
      received: 'Recibido', sent: 'Enviado', sender: 'De', recipient: 'Para', cancel: 'Cancelar',
    },
    periods: ['1 día', '1 semana', '1 mes', '1 año', 'Últimos {count} días'],
    statuses: ['Creada', 'Pendiente', 'Fallida', 'Completada', 'Revertida', 'Cancelada', 'En revisión', 'Inicializado', 'Creado', 'Requiere método de pago', 'Requiere confirmación', 'Requiere acción', 'Procesando', 'Completado', 'Pendiente de captura', 'Cancelado', 'Fallido'],
    values: ['Cumplimiento normativo', 'Verificación de identidad', 'Verificación de antecedentes', 'Gestionar pagos', 'Gestionar retiros', 'Retiro', 'Volver al sitio', 'Completar formulario PDF', 'Recarga', 'Retiro', 'Transferencia de saldo', 'Pago', 'Liquidación', 'Pago a proveedor', 'Transferencia internacional', 'Transferencia Wire', 'Factura', 'Cripto'],
    register: {
      name: 'tú',
      forbidden: ['usted', 'ustedes', 'vosotros', 'vuelva', 'revise', 'verifique', 'comuníquese', 'recargue', 'espere', 'agregue', 'intente', 'su estado', 'su sesión', 'su conexión', 'su cuenta', 'sus datos'],
    },
    synonyms: { paymentMethod: ['forma de pago', 'medio de pago'], request: ['petición'], support: ['asistencia técnica', 'atención al cliente'], amount: ['importe'] },
    avoid: ['enlace de pago', 'crédito', 'caducado', 'ninguno', 'total de artículos', 'procede de', 'total de la línea', /ahora es(?!\p{L})/iu, 'acceso a esto', 'se cobrará dos veces', 'sigue ocurriendo', /vuelve a (?:pasar|ocurrir)/iu, 'ocupado',
      'cablegráfica', 'no se pudo iniciar', 'se canceló la solicitud', /^Recibo$/u, /^(?:Día|Semana|Mes|Año)$/u, '«',
    ],
  },
  fr: {
    terms: {
      transfer: 'Transfert', payout: ['Versement', 'versements'], payoutLink: 'lien de versement', refill: 'Rechargement',
      credit: ['Avoir', 'avoir'], capture: ['Capture', 'capturé'], confirm: ['Confirmer', 'confirmation'], volume: 'Volume',
      createdLabel: 'Créée le', subtotal: 'Sous-total', receipt: 'Détail de l’achat', valueMissing: 'Aucune valeur',
      fee: 'Frais', payable: 'Paiement fournisseur', underReview: 'En vérification', wallet: 'Portefeuille', balanceTransfer: 'Transfert de solde',
      wireTransfer: 'Virement Wire',
      paymentMethod: 'Moyen de paiement', payment: 'Paiement', request: 'Requête', support: 'Support', amount: 'Montant', balance: 'Solde',
      received: 'Entrant', sent: 'Sortant', sender: 'De', recipient: 'À', cancel: 'Annuler',
    },
    periods: ['1 jour', '1 semaine', '1 mois', '1 an', '{count} derniers jours'],
    statuses: ['Créé', 'En attente', 'Échec', 'Effectué', 'Contrepassé', 'Annulé', 'En vérification', 'Initialisé', 'Créé', 'Moyen de paiement requis', 'Confirmation requise', 'Action requise', 'En cours', 'Réussi', 'En attente de capture', 'Annulé', 'Échec'],
    values: ['Conformité', 'Vérification d’identité', 'Vérification des antécédents', 'Gérer les paiements', 'Gérer les versements', 'Versement', 'Retour au site', 'Remplir le formulaire PDF', 'Rechargement', 'Versement', 'Transfert de solde', 'Paiement', 'Règlement', 'Paiement fournisseur', 'Virement international', 'Virement Wire', 'Facture', 'Cryptomonnaie'],
    register: { name: 'vous', forbidden: ['tu', 'toi', 'ton', 'ta', 'tes', 'te', 'réessaie', 'vérifie', 'contacte'] },
    synonyms: { paymentMethod: ['mode de paiement', 'méthode de paiement'], request: ['demande'], support: ['assistance', 'service client'], amount: ['somme'] },
    avoid: [
      'total des articles', 'il ne sera pas débité', 'occupé', 'télégraphique', 'est désormais', 'impossible de démarrer', '{count} dernier jour',
      'de derniers jours', 'en cours de vérification', /^Confirmation…$/u, /^Reçu$/u, /^(?:Jour|Semaine|Mois|Année)$/u,
      // The app's credit that paid is an avoir: "crédit" reads as money credited in, or a loan.
      /^Crédit$/u, 'transaction de crédit',
      // A virement is a bank transfer: it names the bank platforms only, never the API's transfer.
      /virements?(?! (?:international|Wire))/iu,
    ],
  },
  de: {
    terms: {
      transfer: 'Überweisung', payout: ['Auszahlung', 'Auszahlungen'], payoutLink: 'Auszahlungslink', refill: 'Aufladung',
      credit: 'App-Guthaben', capture: ['Erfassung', 'erfasst'], confirm: ['Bestätigen', 'Bestätigung'], volume: 'Volumen',
      createdLabel: 'Erstellt am', subtotal: 'Zwischensumme', receipt: 'Einzelaufstellung', valueMissing: 'Keine Angabe',
      fee: 'Gebühr', payable: 'Lieferantenzahlung', underReview: 'In Prüfung', wallet: 'Wallet', balanceTransfer: 'Guthabenübertrag',
      wireTransfer: 'Wire-Überweisung',
      paymentMethod: 'Zahlungsmethode', payment: 'Zahlung', request: 'Anfrage', support: 'Support', amount: 'Betrag', balance: 'Guthaben',
      received: 'Eingehend', sent: 'Ausgehend', sender: 'Von', recipient: 'An', cancel: 'Abbrechen',
    },
    periods: ['1 Tag', '1 Woche', '1 Monat', '1 Jahr', 'Letzte {count} Tage'],
    statuses: ['Erstellt', 'Ausstehend', 'Fehlgeschlagen', 'Abgeschlossen', 'Rückgebucht', 'Abgebrochen', 'In Prüfung', 'Initialisiert', 'Erstellt', 'Zahlungsmethode erforderlich', 'Bestätigung erforderlich', 'Aktion erforderlich', 'In Bearbeitung', 'Erfolgreich', 'Erfassung ausstehend', 'Storniert', 'Fehlgeschlagen'],
    values: ['Compliance', 'Identitätsprüfung', 'Hintergrundprüfung', 'Zahlungen verwalten', 'Auszahlungen verwalten', 'Auszahlung', 'Zurück zur Website', 'PDF-Formular ausfüllen', 'Aufladung', 'Auszahlung', 'Guthabenübertrag', 'Zahlung', 'Abrechnung', 'Lieferantenzahlung', 'Auslandsüberweisung', 'Wire-Überweisung', 'Rechnung', 'Krypto'],
    register: {
      name: 'Sie',
      // After a sentence, a capitalised "Ihr" reads as the reader's ("Your"), never as the payment's "its".
      forbidden: ['du', 'dich', 'dir', 'dein', 'deine', 'deinen', 'deinem', 'deiner', 'deines', 'versuch', 'versuche', 'prüfe', 'lade', 'warte', /[.!?:;]\s+Ihr(?:e[mnrs]?)?\b/u],
    },
    synonyms: { paymentMethod: ['Zahlungsart', 'Zahlungsmittel'], request: ['Anforderung'], support: ['Kundendienst', 'Kundenservice'] },
    avoid: [
      'artikelsumme', 'durchgegangen', 'stückpreis', 'zeilensumme', 'zahlungseinrichtung', 'ist jetzt', 'start nicht möglich',
      'anfrage wurde abgebrochen', /^Anfrage konnte/u, /^(?:Empfangen|Gesendet|Beleg)$/u, /^(?:Tag|Woche|Monat|Jahr)$/u, 'gutschrift',
      'überweisungsart',
    ],
    avoidAt: { 'transferStatuses.canceled': ['Storniert'] },
  },
  it: {
    terms: {
      transfer: 'Trasferimento', payout: ['Prelievo', 'prelievi'], payoutLink: 'link di prelievo', refill: 'Ricarica',
      credit: ['Credito in app', 'credito in app'], capture: 'Acquisizione', confirm: ['Confermare', 'Conferma'], volume: 'Volume',
      createdLabel: 'Creata il', subtotal: 'Subtotale', receipt: 'Dettaglio dell’acquisto', valueMissing: 'Nessun dato',
      fee: 'Commissione', payable: 'Pagamento fornitore', underReview: 'In verifica', wallet: 'Portafoglio', balanceTransfer: 'Trasferimento di saldo',
      wireTransfer: 'Bonifico Wire',
      paymentMethod: 'Metodo di pagamento', payment: 'Pagamento', request: ['Richiesta', 'richieste'], support: 'Assistenza', amount: 'Importo',
      balance: 'Saldo', received: 'Ricevuto', sent: 'Inviato', sender: 'Mittente', recipient: 'Destinatario', cancel: 'Annulla',
    },
    periods: ['1 giorno', '1 settimana', '1 mese', '1 anno', 'Ultimi {count} giorni'],
    statuses: ['Creato', 'In sospeso', 'Non riuscito', 'Completato', 'Stornato', 'Annullato', 'In verifica', 'Inizializzato', 'Creato', 'Metodo di pagamento richiesto', 'Conferma richiesta', 'Azione richiesta', 'In elaborazione', 'Riuscito', 'In attesa di acquisizione', 'Annullato', 'Non riuscito'],
    values: ['Conformità', 'Verifica dell’identità', 'Controllo dei precedenti', 'Gestisci pagamenti', 'Gestisci prelievi', 'Prelievo', 'Torna al sito', 'Compila modulo PDF', 'Ricarica', 'Prelievo', 'Trasferimento di saldo', 'Pagamento', 'Regolamento', 'Pagamento fornitore', 'Bonifico internazionale', 'Bonifico Wire', 'Fattura', 'Cripto'],
    register: {
      name: 'tu',
      // The courtesy form capitalises its pronouns mid-sentence; a lower-case "suo" is the third person ("il suo indirizzo").
      forbidden: [/\s(?:Lei|Suo|Sua|Suoi|Sue)(?!\p{L})/u, 'riprovi', 'verifichi', 'attenda', 'ricarichi'],
    },
    synonyms: { paymentMethod: ['modalità di pagamento', 'mezzo di pagamento'], support: ['supporto'], amount: ['ammontare'] },
    avoidAt: {
      // "Bonifico" is a bank transfer: right for the wire platforms, false for a payout to PayPal, Venmo or crypto.
      ...Object.fromEntries(['transferTypes.payout', 'transactionTypes.payout', 'flowSteps.payout', 'flowSteps.manage-payouts', 'transferPayoutLinkId'].map((path) => [path, ['bonific']])),
      // The service is busy (429, 503), not gone.
      busyTitle: ['non disponibile'],
    },
    avoid: ['versamento', 'versamenti', 'nessuno', 'totale articoli', 'ID trasferimento', 'impossibile iniziare', /(?<!\p{L})ora è(?!\p{L})/iu, 'non può farlo', 'si ripete', 'occupato',
      'telegrafico', 'avviare l’operazione', 'richiesta è stata annullata', /^Ricevuta$/u, /^(?:Giorno|Settimana|Mese|Anno)$/u, 'a credito',
      // The app's credit that paid: "Credito" alone reads as money credited, or a loan.
      /^Credito$/u, /con credito$/u,
    ],
  },
  nl: {
    terms: {
      transfer: 'Overboeking', payout: ['Uitbetaling', 'Uitbetalingen'], payoutLink: 'uitbetalingslink', refill: 'Opwaardering',
      credit: 'Tegoed', capture: 'Vastlegging', confirm: ['Bevestigen', 'Bevestiging'], volume: 'Volume',
      createdLabel: 'Aangemaakt op', subtotal: 'Subtotaal', receipt: 'Specificatie', valueMissing: 'Geen',
      fee: 'Kosten', payable: 'Leveranciersbetaling', underReview: 'In beoordeling', wallet: 'Wallet', balanceTransfer: 'Saldo-overboeking',
      wireTransfer: 'Wire-overboeking',
      paymentMethod: 'Betaalmethode', payment: 'Betaling', request: 'Verzoek', support: 'Support', amount: 'Bedrag', balance: 'Saldo',
      received: 'Inkomend', sent: 'Uitgaand', sender: 'Van', recipient: 'Aan', cancel: 'Annuleren',
    },
    periods: ['1 dag', '1 week', '1 maand', '1 jaar', 'Afgelopen {count} dagen'],
    statuses: ['Aangemaakt', 'In afwachting', 'Mislukt', 'Voltooid', 'Teruggeboekt', 'Geannuleerd', 'In beoordeling', 'Geïnitialiseerd', 'Aangemaakt', 'Betaalmethode vereist', 'Bevestiging vereist', 'Actie vereist', 'In behandeling', 'Geslaagd', 'Wacht op vastlegging', 'Geannuleerd', 'Mislukt'],
    values: ['Compliance', 'Identiteitsverificatie', 'Antecedentenonderzoek', 'Betalingen beheren', 'Uitbetalingen beheren', 'Uitbetaling', 'Terug naar de website', 'PDF-formulier invullen', 'Opwaardering', 'Uitbetaling', 'Saldo-overboeking', 'Betaling', 'Afwikkeling', 'Leveranciersbetaling', 'Internationale overboeking', 'Wire-overboeking', 'Factuur', 'Crypto'],
    register: { name: 'je', forbidden: ['u', 'uw'] },
    synonyms: { paymentMethod: ['betaalwijze', 'betalingsmethode'], request: ['aanvraag'], support: ['klantenservice', 'helpdesk'] },
    avoid: [
      'aanvulling', 'totaal artikelen', 'teruggegeven', 'van overboeking', 'van uitbetalingslink', 'van creditering', 'type overboeking', 'bezet',
      /(?<!\p{L})is nu(?!\p{L})/iu, 'telegrafisch', 'starten is niet gelukt', 'blijft dit gebeuren', 'dit blijft gebeuren', 'gebeurt dit weer',
      'wordt gecontroleerd…', /^(?:Bon|Ontvangen|Verzonden)$/u, /^(?:Dag|Week|Maand|Jaar)$/u,
    ],
  },
  'pt-BR': {
    terms: {
      transfer: 'Transferência', payout: ['Repasse', 'repasses'], payoutLink: 'link de repasse', refill: 'Recarga',
      credit: ['Créditos', 'créditos'], capture: ['Captura', 'capturado'], confirm: ['Confirmar', 'confirmação'], volume: 'Volume',
      createdLabel: 'Criada em', subtotal: 'Subtotal', receipt: 'Detalhes da compra', valueMissing: 'Sem dados',
      fee: 'Tarifa', payable: 'Pagamento a fornecedor', underReview: 'Em análise', wallet: 'Carteira', balanceTransfer: 'Transferência de saldo',
      wireTransfer: 'Transferência Wire',
      paymentMethod: 'Forma de pagamento', payment: 'Pagamento', request: ['Solicitação', 'solicitações'], support: 'Suporte', amount: 'Valor',
      balance: 'Saldo', received: 'Recebido', sent: 'Enviado', sender: 'De', recipient: 'Para', cancel: 'Cancelar',
    },
    periods: ['1 dia', '1 semana', '1 mês', '1 ano', 'Últimos {count} dias'],
    statuses: ['Criada', 'Pendente', 'Falha', 'Concluída', 'Estornada', 'Cancelada', 'Em análise', 'Inicializado', 'Criado', 'Requer forma de pagamento', 'Requer confirmação', 'Requer ação', 'Processando', 'Aprovado', 'Aguardando captura', 'Cancelado', 'Falha'],
    values: ['Conformidade', 'Verificação de identidade', 'Verificação de antecedentes', 'Gerenciar pagamentos', 'Gerenciar repasses', 'Repasse', 'Voltar ao site', 'Preencher formulário PDF', 'Recarga', 'Repasse', 'Transferência de saldo', 'Pagamento', 'Liquidação', 'Pagamento a fornecedor', 'Transferência internacional', 'Transferência Wire', 'Fatura', 'Cripto'],
    register: { name: 'você', forbidden: ['tu', 'teu', 'tua', 'teus', 'tuas', 'contigo', 'o senhor', 'a senhora'] },
    synonyms: { paymentMethod: ['método de pagamento', 'meio de pagamento'], request: ['requisição'], support: ['atendimento'], amount: ['montante', 'quantia'] },
    avoid: ['total dos itens', /crédito(?!s\b| em conta)/iu, 'crédito em conta', 'acesso a isto', 'cobrado duas vezes', 'total da linha', 'agora é', 'continuar acontecendo', 'ocupado',
      'telegráfica', 'não foi possível iniciar', 'solicitação foi cancelada', /^Recibo$/u, /^(?:Dia|Semana|Mês|Ano)$/u,
    ],
  },
  ja: {
    terms: {
      transfer: '送金', payout: '出金', payoutLink: '出金リンク', refill: 'チャージ', credit: 'クレジット残高', capture: 'キャプチャ',
      confirm: '確定', volume: '取引額', createdLabel: '作成日時', subtotal: '小計', receipt: '明細', valueMissing: 'なし',
      fee: '手数料', payable: '取引先への支払い', underReview: '審査中', wallet: 'ウォレット', balanceTransfer: '残高移動',
      wireTransfer: '電信送金',
      paymentMethod: '支払い方法', payment: '支払い', request: 'リクエスト', support: 'サポート', amount: '金額', balance: '残高',
      received: '受取額', sent: '支払額', sender: '送金元', recipient: '送金先', cancel: 'キャンセル',
    },
    periods: ['1 日間', '1 週間', '1 か月間', '1 年間', '過去 {count} 日間'],
    statuses: ['作成済み', '保留中', '失敗', '完了', '返還済み', 'キャンセル済み', '審査中', '初期化済み', '作成済み', '支払い方法が必要', '確定が必要', '操作が必要', '処理中', '成功', 'キャプチャ待ち', 'キャンセル済み', '失敗'],
    values: ['コンプライアンス', '本人確認', '経歴確認', '支払いの管理', '出金の管理', '出金', 'サイトに戻る', 'PDF フォームの入力', 'チャージ', '出金', '残高移動', '支払い', '精算', '取引先への支払い', '海外銀行送金', '電信送金', '請求書', '暗号資産'],
    register: {
      name: 'polite (です・ます)',
      // Sentences end in です・ます; labels stay noun phrases ("サイトに戻る" is a step's name, not a sentence).
      forbidden: [/(?:だ|である|ない|(?<![まで])した)[。！]/u, 'しろ', 'するな'],
    },
    synonyms: { paymentMethod: ['決済方法'], request: ['要求'], support: ['問い合わせ窓口'], refill: ['ウォレットに入金'] },
    avoid: [/クレジット(?!残高)/u, '売上確定', '領収書', '送信者', '日次', '週次', '月次', '年次', '参照番号', 'これにアクセス', '確定しています', /^税$/u, 'このページへのアクセス', 'アクセス権が', '開始できませんでした'],
    avoidAt: { 'volumeTypes.send': ['送金'] },
  },
  ar: {
    terms: {
      transfer: ['التحويل', 'تحويل'], payout: 'صرف المستحقات', payoutLink: 'رابط صرف المستحقات', refill: 'شحن الرصيد',
      credit: 'رصيد التطبيق', capture: ['التحصيل', 'تحصيل'], confirm: 'تأكيد', volume: 'حجم المعاملات',
      createdLabel: 'تاريخ الإنشاء', subtotal: 'المجموع الفرعي', receipt: 'بنود الشراء', valueMissing: 'لا يوجد',
      fee: 'رسوم', payable: 'دفعة لمورد', underReview: 'قيد المراجعة', wallet: 'محفظة', balanceTransfer: 'تحويل رصيد',
      wireTransfer: 'حوالة برقية',
      paymentMethod: 'وسيلة دفع', payment: 'الدفعة', request: 'طلب', support: 'الدعم', amount: ['المبلغ', 'مبلغ'], balance: ['رصيد', 'الرصيد'],
      received: 'الوارد', sent: 'الصادر', sender: 'من', recipient: 'إلى', cancel: 'إلغاء',
    },
    periods: ['يوم واحد', 'أسبوع واحد', 'شهر واحد', 'سنة واحدة', 'آخر {count} يومًا'],
    statuses: ['تم الإنشاء', 'قيد الانتظار', 'فشل', 'مكتمل', 'تم عكسه', 'ملغى', 'قيد المراجعة', 'تمت التهيئة', 'تم الإنشاء', 'تتطلب وسيلة دفع', 'تتطلب التأكيد', 'تتطلب إجراءً', 'قيد المعالجة', 'ناجحة', 'بانتظار التحصيل', 'ملغاة', 'فشلت'],
    values: ['الامتثال', 'التحقق من الهوية', 'التحقق من الخلفية', 'إدارة المدفوعات', 'إدارة صرف المستحقات', 'صرف المستحقات', 'العودة إلى الموقع', 'ملء نموذج PDF', 'شحن الرصيد', 'صرف المستحقات', 'تحويل رصيد', 'دفعة', 'تسوية', 'دفعة لمورد', 'تحويل بنكي دولي', 'حوالة برقية', 'فاتورة', 'عملات مشفرة'],
    register: {
      name: 'masculine singular',
      forbidden: ['أعيدي', 'تحققي', 'تحقّقي', 'تواصلي', 'راجعي', 'انتظري', 'أعيدوا', 'تحققوا', 'تحقّقوا', 'تواصلوا', 'راجعوا', 'انتظروا', 'لديكم', 'جلستكم'],
    },
    synonyms: { paymentMethod: ['طريقة الدفع', 'طريقة دفع'], support: ['خدمة العملاء'], refill: ['أضف رصيدًا'] },
    avoid: ['ائتماني', 'إعادة تعبئة', 'فاشلة', /يومي(?!ن)/u, 'أسبوعي', 'شهري', 'سنوي', 'التحقق من السجل', 'معاملة قيد دائن', 'حاول مرة أخرى', /الوصول إلى هذا$/u,
      /^لم [تي]تم$/u, 'أُلغي الطلب', 'تعذّر البدء', 'أصبحت حالة', /^الإيصال$/u, /^(?:يوم|أسبوع|شهر|سنة)$/u, /^آخر يوم$/u, 'تأخّر رد', /^(?:المستلَم|المُرسَل)$/u, 'مشغولة',
    ],
    avoidAt: { confirmAmountMismatch: [/الطلب(?!ية)/u], 'paymentIntentStatuses.failed': [/^فشل$/u] },
  },
  'zh-CN': {
    terms: {
      transfer: '转账', payout: '提现', payoutLink: '提现链接', refill: '充值', credit: '抵用金', capture: '请款', confirm: '确认',
      volume: '交易额', createdLabel: '创建时间', subtotal: '小计', receipt: '商品明细', valueMissing: '无',
      fee: '手续费', payable: '供应商付款', underReview: '审核中', wallet: '钱包', balanceTransfer: '余额划转', wireTransfer: '电汇',
      paymentMethod: '付款方式', payment: '付款', request: '请求', support: '客服', amount: '金额', balance: '余额',
      received: '收入', sent: '支出', sender: '付款方', recipient: '收款方', cancel: '取消',
    },
    periods: ['1 天', '1 周', '1 个月', '1 年', '近 {count} 天'],
    statuses: ['已创建', '待处理', '失败', '已完成', '已退回', '已取消', '审核中', '已初始化', '已创建', '需要付款方式', '需要确认', '需要操作', '处理中', '成功', '待请款', '已取消', '失败'],
    values: ['合规审查', '身份验证', '背景调查', '管理付款', '管理提现', '提现', '返回网站', '填写 PDF 表单', '充值', '提现', '余额划转', '付款', '结算', '供应商付款', '国际银行转账', '电汇', '账单', '加密货币'],
    // 你 is written nowhere, not even inside a word: Chinese has no spaces to find a word by.
    register: { name: '您', forbidden: [/你/u] },
    synonyms: { paymentMethod: ['支付方式', '付款方法'], support: ['技术支持', '支持团队'], capture: ['捕获'], payout: ['取现'] },
    avoid: ['信用', '发票', '交易量', '每日', '每周', '每月', '每年', '今天', '已撤销', '无法启动', '未获允许', '没有商品',
      '付款设置', '已冲正', '收据', /(?<!…)…(?!…)/u,
    ],
    avoidAt: { transferTransactions: [/^交易$/u], legacyCompleted: ['已完成'] },
  },
  pl: {
    terms: {
      transfer: ['Przelew', 'przelewu'], payout: ['Wypłata', 'wypłat'], payoutLink: ['link do wypłaty', 'linku do wypłaty'], refill: 'Doładowanie',
      credit: ['Saldo w aplikacji', 'salda w aplikacji'], capture: ['Pobranie środków', 'pobraniu środków'], confirm: ['Potwierdź', 'potwierdz'],
      volume: 'Łączna wartość transakcji', createdLabel: 'Data utworzenia', subtotal: 'Suma częściowa', receipt: 'Zestawienie pozycji', valueMissing: 'Brak',
      fee: 'Prowizja', payable: 'Płatność dla dostawcy', underReview: 'W weryfikacji', wallet: 'Portfel', balanceTransfer: 'Przeniesienie salda',
      wireTransfer: 'Przelew Wire',
      paymentMethod: ['Metoda płatności', 'metody płatności'], payment: ['Płatność', 'płatnoś'], request: ['Żądanie', 'żądań'],
      support: ['Pomoc techniczna', 'pomocą techniczną'], amount: 'Kwota', balance: ['Saldo', 'salda'],
      received: 'Przychodzące', sent: 'Wychodzące', sender: 'Nadawca', recipient: 'Odbiorca', cancel: 'Anuluj',
    },
    periods: ['1 dzień', '1 tydzień', '1 miesiąc', '1 rok', 'Ostatnie {count} dni'],
    statuses: ['Utworzony', 'Oczekujący', 'Nieudany', 'Zrealizowany', 'Zwrócony', 'Anulowany', 'W weryfikacji', 'Zainicjowana', 'Utworzona', 'Wymaga metody płatności', 'Wymaga potwierdzenia', 'Wymaga działania', 'Przetwarzana', 'Zrealizowana', 'Czeka na pobranie środków', 'Anulowana', 'Nieudana'],
    values: ['Zgodność z przepisami', 'Weryfikacja tożsamości', 'Weryfikacja przeszłości', 'Zarządzanie płatnościami', 'Zarządzanie wypłatami', 'Wypłata', 'Powrót do witryny', 'Wypełnienie formularza PDF', 'Doładowanie', 'Wypłata', 'Przeniesienie salda', 'Płatność', 'Rozliczenie', 'Płatność dla dostawcy', 'Przelew zagraniczny', 'Przelew Wire', 'Faktura', 'Kryptowaluty'],
    register: {
      name: 'ty',
      // The courtesy forms, the plural imperative, and the past forms that would need the reader's gender.
      forbidden: ['pan', 'pani', 'pana', 'panu', 'państwo', 'państwa', 'proszę', 'spróbujcie', 'sprawdźcie', 'skontaktujcie', 'odświeżcie', 'odczekajcie', 'doładujcie', 'powinieneś', 'powinnaś'],
    },
    synonyms: {
      paymentMethod: ['sposób płatności', 'sposobu płatności', 'forma płatności', 'formy płatności'], request: ['zapytanie', 'zapytań'],
      support: ['obsługa klienta', 'obsługą klienta', 'wsparcie', 'wsparciem'], capture: ['przechwycenie', 'przechwyceniu'],
    },
    avoid: ['kredyt', 'paragon', 'dzienny', 'tygodniowy', 'miesięczny', 'roczny', 'dzisiaj', 'niewystarczające środki', 'zrealizowana automatycznie', 'zmienił się na:', 'Ostatni {count}', 'Ostatnich',
      /^Wartość transakcji/u, 'mogła zostać zrealizowana', 'miejsce docelowe', 'cofnięty', 'identyfikator żądania', 'telegraficzny',
      'nie udało się rozpocząć', /^(?:Dzień|Tydzień|Miesiąc|Rok)$/u, 'uznanie rachunku', 'uznania rachunku',
    ],
  },
  he: {
    terms: {
      transfer: 'העברה', payout: ['משיכה', 'משיכות'], payoutLink: 'קישור למשיכה', refill: 'טעינה', credit: 'קרדיט', capture: 'חיוב',
      confirm: ['אישור', 'לאשר'], volume: 'מחזור עסקאות', createdLabel: 'תאריך יצירה', subtotal: 'סכום ביניים', receipt: 'פירוט', valueMissing: 'אין',
      fee: 'עמלה', payable: 'תשלום לספק', underReview: 'בבדיקה', wallet: 'ארנק', balanceTransfer: 'העברת יתרה', wireTransfer: 'העברת Wire',
      paymentMethod: 'אמצעי תשלום', payment: 'תשלום', request: ['בקשה', 'בקשות'], support: 'תמיכה', amount: 'סכום', balance: 'יתרה',
      received: 'נכנסות', sent: 'יוצאות', sender: 'מאת', recipient: 'אל', cancel: 'ביטול',
    },
    periods: ['יום אחד', 'שבוע אחד', 'חודש אחד', 'שנה אחת', '{count} הימים האחרונים'],
    statuses: ['נוצרה', 'ממתינה', 'נכשלה', 'הושלמה', 'הוחזרה', 'בוטלה', 'בבדיקה', 'אותחל', 'נוצר', 'נדרש אמצעי תשלום', 'נדרש אישור', 'נדרשת פעולה', 'בעיבוד', 'בוצע', 'ממתין לחיוב', 'בוטל', 'נכשל'],
    values: ['ציות לרגולציה', 'אימות זהות', 'בדיקת רקע', 'ניהול תשלומים', 'ניהול משיכות', 'משיכה', 'חזרה לאתר', 'מילוי טופס PDF', 'טעינה', 'משיכה', 'העברת יתרה', 'תשלום', 'התחשבנות', 'תשלום לספק', 'העברה בנקאית בינלאומית', 'העברת Wire', 'חשבונית', 'מטבעות קריפטו'],
    register: {
      name: 'impersonal',
      // Any imperative (masculine, feminine, plural) and "you" or "your" in any gender: each picks a gender.
      forbidden: [
        'נסה', 'נסי', 'נסו', 'בדוק', 'בדקי', 'בדקו', 'פנה', 'פני', 'פנו', 'רענן', 'רענני', 'רעננו', 'המתן', 'המתיני', 'המתינו',
        'טען', 'טעני', 'טענו', 'אתה', 'אתם', 'לך', 'לכם', 'שלך', 'שלכם',
        /(?<!\p{L})ו(?:נסה|נסי|נסו|בדוק|בדקי|בדקו|פנה|פני|פנו)(?!\p{L})/u,
      ],
    },
    synonyms: { paymentMethod: ['שיטת תשלום', 'דרך תשלום'], support: ['שירות לקוחות'], request: ['פנייה'] },
    avoid: [
      'אשראי', 'קבלה', /(?<!\p{L})(?:יומי|שבועי|חודשי|שנתי)(?!\p{L})/u, /תוקף [^.]*פג/u, 'מעצמו',
      'סשן', 'זיכוי', 'מזהה עסקת הקרדיט', 'לא ניתן להתחיל', /^(?:נכנס|יוצא|העברה בנקאית)$/u, /^(?:יום|שבוע|חודש|שנה)$/u,
    ],
    avoidAt: { 'paymentIntentStatuses.succeeded': ['הצליח'], confirmRefused: ['אם זה קורה שוב'] },
  },
};

/**
 * Where each concept is shown: `is`, strings that are the term itself; `uses`, strings that must
 * contain it (any of its forms, ignoring case).
 */
const placesOf: Readonly<Record<Concept, { is?: readonly string[]; uses?: readonly string[] }>> = {
  transfer: {
    is: ['transfer'],
    uses: ['transferId', 'transferStatus', 'transferType', 'transferAmount', 'transferCreated', 'transferMetadata', 'transferStatusChanged'],
  },
  payout: { is: ['flowSteps.payout', 'transferTypes.payout', 'transactionTypes.payout'], uses: ['flowSteps.manage-payouts'] },
  payoutLink: { uses: ['transferPayoutLinkId'] },
  refill: { is: ['transferTypes.refill', 'transactionTypes.refill'] },
  credit: { is: ['transactionTypes.credit'], uses: ['legacyCreditTransactionId'] },
  capture: { uses: ['paymentIntentStatuses.requires_capture', 'confirmRequiresCaptureExplanation'] },
  confirm: { uses: ['confirmButton', 'confirmAccept', 'confirmPromptNoAmount', 'paymentIntentStatuses.requires_confirmation', 'requiresActionExplanation'] },
  volume: { uses: ['volumeTitle'] },
  createdLabel: { is: ['transactionCreated'] },
  subtotal: { is: ['receiptItemsTotal'] },
  receipt: { is: ['receiptCaption'] },
  valueMissing: { is: ['valueMissing'] },
  fee: { is: ['transactionTypes.fee'] },
  payable: { is: ['transferTypes.payable'] },
  underReview: { is: ['transferStatuses.flagged'] },
  wallet: { is: ['transactionTypes.wallet'] },
  // A transaction of type `balance` is a part of a balance transfer, not the balance itself.
  balanceTransfer: { is: ['transferTypes.balance', 'transactionTypes.balance'] },
  wireTransfer: { is: ['transferPlatforms.wire'] },
  paymentMethod: { uses: ['paymentIntentStatuses.requires_payment_method', 'confirmFailedExplanation'] },
  payment: { uses: ['confirmButton', 'confirmPrompt', 'confirmPromptNoAmount', 'confirmRecovering'] },
  request: { uses: ['errorTitles.invalid_request', 'rateLimitedTitle', 'confirmBusy'] },
  support: { uses: ['errorDescriptions.http', 'notGrantedDescription', 'flowLinkRefusedNextStep'] },
  amount: { is: ['transactionAmount'], uses: ['transferAmount', 'amountUnavailable'] },
  balance: { uses: ['transferTypes.balance', 'transactionTypes.balance'] },
  received: { is: ['volumeTypes.receive'] },
  sent: { is: ['volumeTypes.send'] },
  sender: { is: ['legacySourceUsername'] },
  recipient: { is: ['legacyDestinationUsername'] },
  cancel: { is: ['confirmCancel'] },
};

/** Two concepts a language must never name alike (docs/glossary.md): obvious words make them collide. */
const mustDiffer: readonly [Concept, Concept][] = [['payout', 'transfer'], ['capture', 'confirm'], ['payable', 'payout'], ['received', 'receipt']];

const forms = (term: Term): readonly string[] => (typeof term === 'string' ? [term] : term);
const word = (term: Term): string => forms(term)[0] ?? '';
const at = (catalogue: PaymentsMessages, path: string, locale = 'en'): string => {
  const [head, ...rest] = path.split('.');
  const entry: unknown = rest.length === 0 ? catalogue[head as keyof PaymentsMessages] : (catalogue[head as keyof PaymentsMessages] as Record<string, unknown>)[rest.join('.')];
  // A plural message (`volumePeriods.30d`) is read in the form the card shows, the one its 30
  // takes in the language: `other`, but `many` in Arabic ("آخر {count} يومًا") and Polish.
  const plural = typeof entry === 'object' && entry !== null && 'other' in entry ? (entry as PluralMessage) : undefined;
  const value = plural ? (plural[new Intl.PluralRules(locale).select(30)] ?? plural.other) : entry;
  if (typeof value !== 'string') throw new Error(`${path} is not a string message`);
  return value;
};
const contains = (text: string, term: Term) => forms(term).some((form) => text.toLowerCase().includes(form.toLowerCase()));
/** Every string of a catalogue, plural forms included. */
const strings = (tree: object): string[] =>
  Object.values(tree).flatMap((value: unknown) =>
    typeof value === 'string' ? [value] : typeof value === 'object' && value !== null ? strings(value) : [],
  );
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A form anywhere in a string, inside a compound too ("Zahlungsart" in "Zahlungsarten"). */
const anywhere = (form: Form): RegExp => (typeof form === 'string' ? new RegExp(escaped(form), 'iu') : form);
/** A form as a whole word: "tu" is not the "tu" of "statut". */
const wholeWord = (form: Form): RegExp =>
  typeof form === 'string' ? new RegExp(`(?<![\\p{L}\\p{N}])${escaped(form)}(?![\\p{L}\\p{N}])`, 'iu') : form;
/** The strings of `catalogue` that `pattern` finds, each named by the form that found it. */
const found = (catalogue: object, form: Form, pattern: RegExp): string[] =>
  strings(catalogue).filter((text) => pattern.test(text)).map((text) => `${String(form)} in "${text}"`);

/** The checks that read a whole catalogue, each returning what it found wrong (none: `[]`). */
const drift = {
  avoided: (row: Row, catalogue: PaymentsMessages) => [
    ...row.avoid.flatMap((form) => found(catalogue, form, anywhere(form))),
    ...Object.entries(row.avoidAt ?? {}).flatMap(([path, wrong]) =>
      wrong.filter((form) => anywhere(form).test(at(catalogue, path))).map((form) => `${String(form)} in ${path} "${at(catalogue, path)}"`),
    ),
  ],
  register: (row: Row, catalogue: object) => row.register.forbidden.flatMap((form) => found(catalogue, form, wholeWord(form))),
  synonyms: (row: Row, catalogue: object) =>
    Object.entries(row.synonyms).flatMap(([concept, synonyms = []]) =>
      synonyms.flatMap((form) => found(catalogue, form, anywhere(form)).map((finding) => `${concept}: ${finding}`)),
    ),
  /**
   * Japanese and Chinese: one half-width space between them and a Latin word, a number or a placeholder
   * ("リクエスト ID", "{count} 件", "PDF フォーム"), none beside full-width punctuation.
   */
  spacing: (catalogue: object) => {
    const japanese = '[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}ー]';
    const touching = new RegExp(`${japanese}[A-Za-z0-9{]|[A-Za-z0-9}]${japanese}`, 'u');
    return found(catalogue, touching, touching);
  },
  /** A pending label that repeats the pressed button reads as a second button. */
  pendingAsButton: (catalogue: PaymentsMessages) => {
    const pending = catalogue.confirmPending.replace(/…$/, '');
    return [catalogue.confirmAccept, catalogue.confirmButton].filter((label) => label === pending).map((label) => `confirmPending repeats "${label}"`);
  },
};

const rows = Object.entries(glossary) as [MessagesLocale, Row][];

/** Where a catalogue does not show a concept by its term: the concept, the place and what it says. */
const termsMissed = (row: Row, catalogue: PaymentsMessages): string[] =>
  (Object.entries(row.terms) as [Concept, Term][]).flatMap(([concept, term]) => [
    ...(placesOf[concept].is ?? [])
      .filter((path) => at(catalogue, path) !== word(term))
      .map((path) => `${concept}: ${path} is "${at(catalogue, path)}", not "${word(term)}"`),
    ...(placesOf[concept].uses ?? [])
      .filter((path) => !contains(at(catalogue, path), term))
      .map((path) => `${concept}: ${path} "${at(catalogue, path)}" does not use ${JSON.stringify(term)}`),
  ]);

/** Where the words at `paths` are not the glossary's `words`, in order; a plural read in `locale`'s form for 30. */
const wordsMissed = (catalogue: PaymentsMessages, paths: readonly string[], words: readonly string[], locale?: string): string[] => [
  ...(paths.length === words.length ? [] : [`the glossary gives ${String(words.length)} words for ${String(paths.length)} places`]),
  ...paths.flatMap((path, index) => {
    const text = at(catalogue, path, locale);
    return text === words[index] ? [] : [`${path} is "${text}", not "${String(words[index])}"`];
  }),
];

/** Where a concept is shown in words of another it must differ from. */
const collisions = (row: Row, catalogue: PaymentsMessages): string[] =>
  mustDiffer.flatMap(([concept, other]) =>
    [...(placesOf[concept].is ?? []), ...(placesOf[concept].uses ?? [])]
      .filter((path) => contains(at(catalogue, path), row.terms[other]))
      .map((path) => `${concept}: ${path} "${at(catalogue, path)}" names ${other}`),
  );

describe('given the payments glossary (docs/glossary.md)', () => {
  it('should have a row for every shipped catalogue', () => {
    expect(Object.keys(glossary).sort()).toEqual(Object.keys(messagesByLocale).sort());
  });

  it.each(rows)('should use in %s the term of every concept wherever the concept is shown', (locale, row) => {
    expect(termsMissed(row, messagesByLocale[locale])).toEqual([]);
  });

  it.each(rows)('should give in %s the glossary\'s period words, status words, onboarding steps, transfer types and platforms', (locale, row) => {
    const catalogue = messagesByLocale[locale];
    expect([
      ...wordsMissed(catalogue, periodKeys, row.periods, locale),
      ...wordsMissed(catalogue, statusKeys, row.statuses),
      ...wordsMissed(catalogue, valueKeys, row.values),
    ]).toEqual([]);
  });

  it.each(rows)('should not name in %s a payout as a transfer, a capture as a confirmation, a vendor payment as a payout, nor money received as a receipt', (locale, row) => {
    expect(collisions(row, messagesByLocale[locale])).toEqual([]);
  });

  it.each(rows)('should leave out of %s every word docs/glossary.md lists as wrong, in any case', (locale, row) => {
    expect(drift.avoided(row, messagesByLocale[locale])).toEqual([]);
  });

  it.each(rows)('should keep %s in its register throughout', (locale, row) => {
    expect(drift.register(row, messagesByLocale[locale])).toEqual([]);
  });

  it.each(rows)('should name each concept in %s by its term, never by a synonym', (locale, row) => {
    expect(drift.synonyms(row, messagesByLocale[locale])).toEqual([]);
  });

  it.each(rows)('should not show in %s, while confirming, the words of the button pressed', (locale) => {
    expect(drift.pendingAsButton(messagesByLocale[locale])).toEqual([]);
  });

  it('should space Japanese from Latin words, numbers and placeholders by one rule', () => {
    expect(drift.spacing(messagesByLocale.ja)).toEqual([]);
  });

  it('should space Chinese by the same rule', () => {
    expect(drift.spacing(messagesByLocale['zh-CN'])).toEqual([]);
  });

  const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/glossary.md'), 'utf8');
  it.each(rows)('should list in docs/glossary.md, under %s, every term, register and synonym of this table', (locale, row) => {
    // Lines wrap inside a term in prose: compared with single spaces.
    const section = doc.split(/^## /m).find((part) => part.startsWith(`\`${locale}\``))?.replace(/\s+/g, ' ');
    expect(section, `a "## \`${locale}\`" section`).toBeDefined();
    const synonyms = Object.values(row.synonyms).flat().filter((form) => typeof form === 'string');
    const listed = [...Object.values(row.terms).map(word), ...row.periods, ...row.statuses, ...row.values, ...synonyms, `Register: ${row.register.name}`];
    expect(listed.filter((term) => !section?.includes(term)).map((term) => `not listed: "${term}"`)).toEqual([]);
  });
});

describe('given the words for the payments API\'s error codes, one chunk per language (docs/glossary.md)', () => {
  // The error codes' words, apart from the catalogues (not shown yet, docs/api.md#errors): the same glossary holds.
  it.each(rows)('should leave out of the %s chunk every word docs/glossary.md lists as wrong', (locale, row) => {
    expect(row.avoid.flatMap((form) => found(errorCodesByLocale[locale], form, anywhere(form)))).toEqual([]);
  });

  it.each(rows)('should keep the %s chunk in its register', (locale, row) => {
    expect(drift.register(row, errorCodesByLocale[locale])).toEqual([]);
  });

  it.each(rows)('should name each concept in the %s chunk by its term, never by a synonym', (locale, row) => {
    expect(drift.synonyms(row, errorCodesByLocale[locale])).toEqual([]);
  });

  it.each(rows)('should write Cash App in the %s chunk as the brand writes itself', (locale) => {
    const { errorTitles, errorDescriptions } = errorCodesByLocale[locale];
    expect([errorTitles['user-info-missing-cash-app'], errorDescriptions['user-info-missing-cash-app']].filter((text) => !text.includes('Cash App'))).toEqual([]);
  });

  it.each(['ja', 'zh-CN'] as const)('should space the %s chunk by the catalogues\' rule', (locale) => {
    expect(drift.spacing(errorCodesByLocale[locale])).toEqual([]);
  });

  it.each(rows)('should tell the %s reader, for the merchant\'s own setup (app-info-missing, the invoice codes), that it is not theirs to fix', (locale) => {
    // One sentence says so, the same for each of these codes; the next says whom to contact.
    const { errorDescriptions: words } = errorCodesByLocale[locale];
    const first = (text: string) => text.split(/(?<=[.。])\s*/u)[0];
    const merchants = ['app-info-missing', 'invalid-invoice-requested-information', 'invalid-invoice-breakdown', 'invalid-invoice-item', 'invalid-invoice-item-total'] as const;
    expect(new Set(merchants.map((code) => first(words[code]))).size).toBe(1);
    expect(merchants.filter((code) => first(words[code]) === words[code]).map((code) => `${code} names no one to contact`)).toEqual([]);
  });
});

describe('given a catalogue that drifts from the glossary', () => {
  // Each kind of drift the checks above exist for, made on purpose: a check that stopped catching
  // it would let the shipped catalogues drift the same way unnoticed.
  const drifted = (locale: MessagesLocale, change: Partial<PaymentsMessages>): PaymentsMessages => ({ ...messagesByLocale[locale], ...change });

  it('should catch a wrong word written in lower case', () => {
    const catalogue = drifted('es', { transferAmount: 'importe de la transferencia', amountUnavailable: 'caducado' });
    expect(drift.avoided(glossary.es, catalogue)).toEqual(['caducado in "caducado"']);
    expect(drift.synonyms(glossary.es, catalogue)).toEqual(['amount: importe in "importe de la transferencia"']);
    expect(contains(catalogue.transferAmount, glossary.es.terms.amount)).toBe(false);
  });

  it('should catch a switch of register in every language that has two, and a payment\'s "Ihr" that reads as "Your"', () => {
    expect(drift.register(glossary.es, drifted('es', { retry: 'Revise los datos' }))).toEqual(['revise in "Revise los datos"']);
    expect(drift.register(glossary.es, drifted('es', { retry: 'Revisa sus datos' }))).toEqual(['sus datos in "Revisa sus datos"']);
    expect(drift.register(glossary.de, drifted('de', { retry: 'Versuch es noch einmal' }))).toEqual(['versuch in "Versuch es noch einmal"']);
    expect(drift.register(glossary.de, drifted('de', { retry: 'Die Zahlung läuft. Ihr Status folgt.' }))).toHaveLength(1);
    expect(drift.register(glossary.fr, drifted('fr', { retry: 'Vérifie ta connexion' }))).toHaveLength(2);
    expect(drift.register(glossary.nl, drifted('nl', { retry: 'Probeert u het opnieuw' }))).toEqual(['u in "Probeert u het opnieuw"']);
    expect(drift.register(glossary.it, drifted('it', { retry: 'Riprovi più tardi' }))).toEqual(['riprovi in "Riprovi più tardi"']);
    expect(drift.register(glossary['pt-BR'], drifted('pt-BR', { retry: 'Verifica a tua conexão' }))).toEqual(['tua in "Verifica a tua conexão"']);
    expect(drift.register(glossary.ja, drifted('ja', { retry: '支払いは完了していない。' }))).toHaveLength(1);
    expect(drift.register(glossary.ar, drifted('ar', { retry: 'أعيدوا المحاولة' }))).toEqual(['أعيدوا in "أعيدوا المحاولة"']);
    expect(drift.register(glossary['zh-CN'], drifted('zh-CN', { retry: '请你重试' }))).toEqual(['/你/u in "请你重试"']);
    expect(drift.register(glossary.pl, drifted('pl', { retry: 'Proszę spróbować ponownie' }))).toEqual(['proszę in "Proszę spróbować ponownie"']);
    expect(drift.register(glossary.pl, drifted('pl', { retry: 'Spróbujcie ponownie' }))).toEqual(['spróbujcie in "Spróbujcie ponownie"']);
    expect(drift.register(glossary.he, drifted('he', { retry: 'נסה שוב' }))).toEqual(['נסה in "נסה שוב"']);
    expect(drift.register(glossary.he, drifted('he', { retry: 'בדקו את החיבור ונסו שוב' }))).toHaveLength(2);
  });

  it('should catch a word wrong in one place only, and leave it where it is right', () => {
    expect(drift.avoided(glossary.de, drifted('de', { transferStatuses: { ...messagesByLocale.de.transferStatuses, canceled: 'Storniert' } }))).toEqual([
      'Storniert in transferStatuses.canceled "Storniert"',
    ]);
    expect(messagesByLocale.de.paymentIntentStatuses.canceled).toBe('Storniert');
  });

  it('should catch a synonym outside the glossary, "forma de pago" for "método de pago"', () => {
    const catalogue = drifted('es', { confirmFailedExplanation: 'El pago no se realizó. Usa otra forma de pago.' });
    expect(drift.synonyms(glossary.es, catalogue)).toEqual(['paymentMethod: forma de pago in "El pago no se realizó. Usa otra forma de pago."']);
  });

  it('should catch Japanese written against its spacing rule, and a pending label that repeats its button', () => {
    expect(drift.spacing(drifted('ja', { transferId: '送金ID' }))).toHaveLength(1);
    expect(drift.spacing(drifted('zh-CN', { transferId: '转账ID' }))).toHaveLength(1);
    expect(drift.pendingAsButton(drifted('nl', { confirmPending: 'Bevestigen…' }))).toEqual(['confirmPending repeats "Bevestigen"']);
  });
});
