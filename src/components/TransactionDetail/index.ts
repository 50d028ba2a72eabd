export { TransactionDetail } from './TransactionDetail.js';
export { toTransactionView } from './toTransactionView.js';
export type { TransactionDetailProps, TransactionDetailState } from './TransactionDetail.js';
export type {
  TransactionView,
  FieldView,
  FieldValue,
  SectionView,
  NoteView,
  ReceiptView,
  ReceiptLineView,
  EnumLabels,
} from './toTransactionView.js';
