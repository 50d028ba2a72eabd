// payments-kit/transfers/messages: TransferList's own words, one module per language, apart from
// payments-kit/transfers so that the list's bundle carries none of them. Import a catalogue by
// name (`transferListMessagesFr`) and a bundler keeps that one only, or let
// `loadTransferListMessages(locale)` fetch the one a page needs as its own chunk.
export { loadTransferListMessages } from './loadTransferListMessages.js';
export { transferListEn as transferListMessagesEn } from './en.js';
export { transferListEs as transferListMessagesEs } from './es.js';
export { transferListFr as transferListMessagesFr } from './fr.js';
export { transferListDe as transferListMessagesDe } from './de.js';
export { transferListIt as transferListMessagesIt } from './it.js';
export { transferListNl as transferListMessagesNl } from './nl.js';
export { transferListPtBR as transferListMessagesPtBR } from './ptBR.js';
export { transferListJa as transferListMessagesJa } from './ja.js';
export { transferListAr as transferListMessagesAr } from './ar.js';
export { transferListZhCN as transferListMessagesZhCN } from './zhCN.js';
export { transferListPl as transferListMessagesPl } from './pl.js';
export { transferListHe as transferListMessagesHe } from './he.js';
export type { TransferListMessages } from './types.js';
