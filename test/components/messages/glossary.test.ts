import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  messagesByLocale,
  type MessagesLocale,
  type PaymentsMessages,
} from '../../../src/components/messages/index.js';

// The payments glossary (docs/glossary.md), as data: for each language, the one term per concept.
// Every catalogue must use it where the concept is shown, so an edit that drifts — "Transferencia"
// for a payout, 確定 for a capture — fails here. A term given as a list is the glossary's word
// first, then the inflected forms a sentence may use instead ("bonifici" in "Gestisci bonifici").

type Term = string | readonly string[];
type Concept =
  | 'transfer' | 'payout' | 'payoutLink' | 'refill' | 'credit' | 'capture' | 'confirm' | 'volume'
  | 'createdLabel' | 'subtotal' | 'receipt' | 'valueMissing'
  | 'fee' | 'payable' | 'underReview' | 'wallet' | 'balanceTransfer' | 'wireTransfer';
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

interface Row {
  readonly terms: Readonly<Record<Concept, Term>>;
  readonly periods: readonly [string, string, string, string, string];
  readonly statuses: readonly string[];
  /** Words docs/glossary.md lists as wrong in this language: no string of the catalogue may contain them. */
  readonly avoid: readonly string[];
}

const glossary: Readonly<Record<MessagesLocale, Row>> = {
  en: {
    terms: {
      transfer: 'Transfer', payout: 'Payout', payoutLink: 'Payout link', refill: 'Top-up', credit: 'Credit',
      capture: 'Capture', confirm: 'Confirm', volume: 'Volume', createdLabel: 'Created', subtotal: 'Subtotal',
      receipt: 'Receipt', valueMissing: 'None',
      fee: 'Fee', payable: 'Vendor payment', underReview: 'Under review', wallet: 'Wallet', balanceTransfer: 'Balance transfer',
      wireTransfer: 'Wire transfer',
    },
    periods: ['Day', 'Week', 'Month', 'Year', 'Last {count} days'],
    statuses: ['Created', 'Pending', 'Failed', 'Completed', 'Reversed', 'Canceled', 'Under review', 'Initialized', 'Created', 'Needs a payment method', 'Needs confirmation', 'Action required', 'Processing', 'Succeeded', 'Awaiting capture', 'Canceled', 'Failed'],
    avoid: ['cancelled', 'Cancelled', 'Refill', 'Items total', 'Flagged'],
  },
  es: {
    terms: {
      transfer: 'Transferencia', payout: ['Retiro', 'retiros'], payoutLink: 'enlace de retiro', refill: 'Recarga',
      credit: 'Abono', capture: ['Captura', 'capture'], confirm: ['Confirmar', 'confirmación'], volume: 'Volumen',
      createdLabel: 'Creada el', subtotal: 'Subtotal', receipt: 'Recibo', valueMissing: 'Sin datos',
      fee: 'Comisión', payable: 'Pago a proveedor', underReview: 'En revisión', wallet: 'Billetera', balanceTransfer: 'Transferencia de saldo',
      wireTransfer: 'Transferencia cablegráfica',
    },
    periods: ['Día', 'Semana', 'Mes', 'Año', 'Últimos {count} días'],
    statuses: ['Creada', 'Pendiente', 'Fallida', 'Completada', 'Revertida', 'Cancelada', 'En revisión', 'Inicializado', 'Creado', 'Requiere un método de pago', 'Requiere confirmación', 'Requiere una acción', 'Procesando', 'Completado', 'Pendiente de captura', 'Cancelado', 'Fallido'],
    avoid: ['enlace de pago', 'Crédito', 'crédito', 'Importe', 'caducado', 'Ninguno', 'Total de artículos'],
  },
  fr: {
    terms: {
      transfer: 'Virement', payout: ['Versement', 'versements'], payoutLink: 'lien de versement', refill: 'Rechargement',
      credit: 'Crédit', capture: ['Capture', 'capturé'], confirm: ['Confirmer', 'confirmation'], volume: 'Volume',
      createdLabel: 'Créée le', subtotal: 'Sous-total', receipt: 'Reçu', valueMissing: 'Aucune valeur',
      fee: 'Frais', payable: 'Paiement fournisseur', underReview: 'En cours de vérification', wallet: 'Portefeuille', balanceTransfer: 'Virement de solde',
      wireTransfer: 'Virement télégraphique',
    },
    periods: ['Jour', 'Semaine', 'Mois', 'Année', '{count} derniers jours'],
    statuses: ['Créé', 'En attente', 'Échoué', 'Effectué', 'Contrepassé', 'Annulé', 'En cours de vérification', 'Initialisé', 'Créé', 'Moyen de paiement requis', 'Confirmation requise', 'Action requise', 'En cours', 'Réussi', 'En attente de capture', 'Annulé', 'Échoué'],
    avoid: ['Total des articles'],
  },
  de: {
    terms: {
      transfer: 'Überweisung', payout: ['Auszahlung', 'Auszahlungen'], payoutLink: 'Auszahlungslink', refill: 'Aufladung',
      credit: 'Gutschrift', capture: ['Erfassung', 'erfasst'], confirm: ['Bestätigen', 'Bestätigung'], volume: 'Volumen',
      createdLabel: 'Erstellt am', subtotal: 'Zwischensumme', receipt: 'Beleg', valueMissing: 'Keine Angabe',
      fee: 'Gebühr', payable: 'Lieferantenzahlung', underReview: 'In Prüfung', wallet: 'Wallet', balanceTransfer: 'Guthabenübertrag',
      wireTransfer: 'Wire-Überweisung',
    },
    periods: ['Tag', 'Woche', 'Monat', 'Jahr', 'Letzte {count} Tage'],
    statuses: ['Erstellt', 'Ausstehend', 'Fehlgeschlagen', 'Abgeschlossen', 'Rückgebucht', 'Storniert', 'In Prüfung', 'Initialisiert', 'Erstellt', 'Zahlungsmethode erforderlich', 'Bestätigung erforderlich', 'Aktion erforderlich', 'In Bearbeitung', 'Erfolgreich', 'Erfassung ausstehend', 'Storniert', 'Fehlgeschlagen'],
    avoid: ['Artikelsumme'],
  },
  it: {
    terms: {
      transfer: 'Trasferimento', payout: ['Bonifico', 'bonifici'], payoutLink: 'link di bonifico', refill: 'Ricarica',
      credit: 'Accredito', capture: 'Acquisizione', confirm: ['Confermare', 'Conferma'], volume: 'Volume',
      createdLabel: 'Creata il', subtotal: 'Subtotale', receipt: 'Ricevuta', valueMissing: 'Nessun dato',
      fee: 'Commissione', payable: 'Pagamento fornitore', underReview: 'In verifica', wallet: 'Portafoglio', balanceTransfer: 'Trasferimento di saldo',
      wireTransfer: 'Bonifico telegrafico',
    },
    periods: ['Giorno', 'Settimana', 'Mese', 'Anno', 'Ultimi {count} giorni'],
    statuses: ['Creato', 'In sospeso', 'Non riuscito', 'Completato', 'Stornato', 'Annullato', 'In verifica', 'Inizializzato', 'Creato', 'Metodo di pagamento richiesto', 'Conferma richiesta', 'Azione richiesta', 'In elaborazione', 'Riuscito', 'In attesa di acquisizione', 'Annullato', 'Non riuscito'],
    avoid: ['Versamento', 'versamento', 'versamenti', 'Nessuno', 'Totale articoli'],
  },
  nl: {
    terms: {
      transfer: 'Overboeking', payout: ['Uitbetaling', 'Uitbetalingen'], payoutLink: 'uitbetalingslink', refill: 'Opwaardering',
      credit: 'Creditering', capture: 'Vastlegging', confirm: ['Bevestigen', 'Bevestiging'], volume: 'Volume',
      createdLabel: 'Aangemaakt op', subtotal: 'Subtotaal', receipt: 'Bon', valueMissing: 'Geen',
      fee: 'Kosten', payable: 'Leveranciersbetaling', underReview: 'In beoordeling', wallet: 'Wallet', balanceTransfer: 'Saldo-overboeking',
      wireTransfer: 'Telegrafische overboeking',
    },
    periods: ['Dag', 'Week', 'Maand', 'Jaar', 'Afgelopen {count} dagen'],
    statuses: ['Aangemaakt', 'In afwachting', 'Mislukt', 'Voltooid', 'Teruggeboekt', 'Geannuleerd', 'In beoordeling', 'Geïnitialiseerd', 'Aangemaakt', 'Betaalmethode vereist', 'Bevestiging vereist', 'Actie vereist', 'In behandeling', 'Geslaagd', 'Wacht op vastlegging', 'Geannuleerd', 'Mislukt'],
    avoid: ['Aanvulling', 'Totaal artikelen'],
  },
  'pt-BR': {
    terms: {
      transfer: 'Transferência', payout: ['Repasse', 'repasses'], payoutLink: 'link de repasse', refill: 'Recarga',
      credit: 'Crédito em conta', capture: ['Captura', 'capturado'], confirm: ['Confirmar', 'confirmação'], volume: 'Volume',
      createdLabel: 'Criada em', subtotal: 'Subtotal', receipt: 'Recibo', valueMissing: 'Sem dados',
      fee: 'Tarifa', payable: 'Pagamento a fornecedor', underReview: 'Em análise', wallet: 'Carteira', balanceTransfer: 'Transferência de saldo',
      wireTransfer: 'Transferência telegráfica',
    },
    periods: ['Dia', 'Semana', 'Mês', 'Ano', 'Últimos {count} dias'],
    statuses: ['Criada', 'Pendente', 'Falha', 'Concluída', 'Estornada', 'Cancelada', 'Em análise', 'Inicializado', 'Criado', 'Requer forma de pagamento', 'Requer confirmação', 'Requer ação', 'Processando', 'Aprovado', 'Aguardando captura', 'Cancelado', 'Falha'],
    avoid: ['Total dos itens'],
  },
  ja: {
    terms: {
      transfer: '送金', payout: '出金', payoutLink: '出金リンク', refill: 'チャージ', credit: '入金', capture: 'キャプチャ',
      confirm: '確定', volume: '取引額', createdLabel: '作成日時', subtotal: '小計', receipt: '明細', valueMissing: 'なし',
      fee: '手数料', payable: '取引先への支払い', underReview: '審査中', wallet: 'ウォレット', balanceTransfer: '残高移動',
      wireTransfer: '電信送金',
    },
    periods: ['1 日間', '1 週間', '1 か月間', '1 年間', '過去 {count} 日間'],
    statuses: ['作成済み', '保留中', '失敗', '完了', '取り消し済み', 'キャンセル済み', '審査中', '初期化済み', '作成済み', '支払い方法が必要', '確定が必要', '操作が必要', '処理中', '成功', 'キャプチャ待ち', 'キャンセル済み', '失敗'],
    avoid: ['クレジット', '売上確定', '領収書', '送信者', '日次', '週次', '月次', '年次'],
  },
  ar: {
    terms: {
      transfer: ['التحويل', 'تحويل'], payout: 'صرف المستحقات', payoutLink: 'رابط صرف المستحقات', refill: 'شحن الرصيد',
      credit: ['قيد دائن', 'القيد الدائن'], capture: ['التحصيل', 'تحصيل'], confirm: 'تأكيد', volume: 'حجم المعاملات',
      createdLabel: 'تاريخ الإنشاء', subtotal: 'المجموع الفرعي', receipt: 'الإيصال', valueMissing: 'لا يوجد',
      fee: 'رسوم', payable: 'دفعة لمورد', underReview: 'قيد المراجعة', wallet: 'المحفظة', balanceTransfer: 'تحويل رصيد',
      wireTransfer: 'حوالة برقية',
    },
    periods: ['يوم', 'أسبوع', 'شهر', 'سنة', 'آخر {count} يومًا'],
    statuses: ['تم الإنشاء', 'قيد الانتظار', 'لم يتم', 'مكتمل', 'تم عكسه', 'ملغى', 'قيد المراجعة', 'تمت التهيئة', 'تم الإنشاء', 'تتطلب وسيلة دفع', 'تتطلب التأكيد', 'تتطلب إجراءً', 'قيد المعالجة', 'ناجحة', 'بانتظار التحصيل', 'ملغاة', 'لم تتم'],
    avoid: ['إعادة تعبئة', 'فاشلة', 'يومي', 'أسبوعي', 'شهري', 'سنوي'],
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
  confirm: { uses: ['confirmButton', 'confirmAccept', 'confirmPromptLabel', 'confirmPromptNoAmount', 'paymentIntentStatuses.requires_confirmation', 'requiresActionExplanation'] },
  volume: { uses: ['volumeTitle'] },
  createdLabel: { is: ['transactionCreated'] },
  subtotal: { is: ['receiptItemsTotal'] },
  receipt: { is: ['receiptCaption'] },
  valueMissing: { is: ['valueMissing'] },
  fee: { is: ['transactionTypes.fee'] },
  payable: { is: ['transferTypes.payable'] },
  underReview: { is: ['transferStatuses.flagged'] },
  wallet: { is: ['transactionTypes.wallet'] },
  balanceTransfer: { is: ['transferTypes.balance'] },
  wireTransfer: { is: ['transferPlatforms.wire'] },
};

/** Two concepts a language must never name alike (docs/glossary.md): obvious words make them collide. */
const mustDiffer: readonly [Concept, Concept][] = [['payout', 'transfer'], ['capture', 'confirm'], ['payable', 'payout']];

const forms = (term: Term): readonly string[] => (typeof term === 'string' ? [term] : term);
const word = (term: Term): string => forms(term)[0] ?? '';
const at = (catalogue: PaymentsMessages, path: string): string => {
  const [head, ...rest] = path.split('.');
  const value: unknown = rest.length === 0 ? catalogue[head as keyof PaymentsMessages] : (catalogue[head as keyof PaymentsMessages] as Record<string, unknown>)[rest.join('.')];
  if (typeof value !== 'string') throw new Error(`${path} is not a string message`);
  return value;
};
const contains = (text: string, term: Term) => forms(term).some((form) => text.toLowerCase().includes(form.toLowerCase()));
/** Every string of a catalogue, plural forms included. */
const strings = (tree: object): string[] =>
  Object.values(tree).flatMap((value: unknown) =>
    typeof value === 'string' ? [value] : typeof value === 'object' && value !== null ? strings(value) : [],
  );

const rows = Object.entries(glossary) as [MessagesLocale, Row][];
const cells = rows.flatMap(([locale, row]) => (Object.entries(row.terms) as [Concept, Term][]).map(([concept, term]) => [locale, concept, term] as const));

describe('given the payments glossary (docs/glossary.md)', () => {
  it('should have a row for every shipped catalogue', () => {
    expect(Object.keys(glossary).sort()).toEqual(Object.keys(messagesByLocale).sort());
  });

  it.each(cells)('should use in %s, for %s, the term %j', (locale, concept, term) => {
    const catalogue = messagesByLocale[locale];
    for (const path of placesOf[concept].is ?? []) expect(at(catalogue, path), path).toBe(word(term));
    for (const path of placesOf[concept].uses ?? []) expect(contains(at(catalogue, path), term), `${path}: ${at(catalogue, path)}`).toBe(true);
  });

  it.each(rows)('should give in %s the glossary\'s period words and status words', (locale, row) => {
    const catalogue = messagesByLocale[locale];
    expect(periodKeys.map((path) => at(catalogue, path))).toEqual(row.periods);
    expect(statusKeys.map((path) => at(catalogue, path))).toEqual(row.statuses);
  });

  it.each(rows)('should not name in %s a payout as a transfer, a capture as a confirmation, nor a vendor payment as a payout', (locale, row) => {
    const catalogue = messagesByLocale[locale];
    for (const [concept, other] of mustDiffer) {
      const places = [...(placesOf[concept].is ?? []), ...(placesOf[concept].uses ?? [])];
      for (const path of places) expect(contains(at(catalogue, path), row.terms[other]), `${path} names ${other}`).toBe(false);
    }
  });

  it.each(rows)('should leave out of %s every word docs/glossary.md lists as wrong', (locale, row) => {
    const all = strings(messagesByLocale[locale]);
    for (const wrong of row.avoid) expect(all.filter((text) => text.includes(wrong)), wrong).toEqual([]);
  });

  const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/glossary.md'), 'utf8');
  it.each(rows)('should list in docs/glossary.md, under %s, every term of this table', (locale, row) => {
    // Lines wrap inside a term in prose: compared with single spaces.
    const section = doc.split(/^## /m).find((part) => part.startsWith(`\`${locale}\``))?.replace(/\s+/g, ' ');
    expect(section, `a "## \`${locale}\`" section`).toBeDefined();
    for (const term of [...Object.values(row.terms).map(word), ...row.periods, ...row.statuses]) expect(section, term).toContain(term);
  });
});
