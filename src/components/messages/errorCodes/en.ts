import type { ErrorCodeMessages } from '../types.js';

/**
 * English words for the payments API's error codes (docs/api.md#errors), the reference the other
 * languages translate. The user never sees the code; what the merchant's setup must mend (the
 * app's details, an invoice) tells the user it is not theirs to fix.
 */
export const errorCodesEn: ErrorCodeMessages = {
  errorTitles: {
    'auth-email-already-exists': 'This email address is already in use',
    'auth-username-already-exists': 'This username is already taken',
    'invalid-ssn': 'The Social Security number isn’t valid',
    'invalid-username': 'This username can’t be used',
    'invalid-phone-number': 'The phone number isn’t valid',
    'invalid-email': 'The email address isn’t valid',
    'invalid-phone-number-voip': 'Internet phone numbers aren’t accepted',
    'invalid-phone-number-landline': 'Landline numbers aren’t accepted',
    'invalid-invoice-requested-information': 'The invoice asks for details that aren’t valid',
    'invalid-invoice-breakdown': 'The invoice’s tax or shipping isn’t valid',
    'invalid-invoice-item': 'An item on the invoice isn’t valid',
    'invalid-invoice-item-total': 'The invoice’s totals don’t add up',
    'invalid-transaction': 'This transaction can’t be made',
    'user-info-missing': 'Some of your details are missing',
    'user-info-missing-cash-app': 'Your Cash App account is missing',
    'user-info-missing-contact': 'Your contact details are missing',
    'user-info-missing-card': 'Your card details are missing',
    'app-info-missing': 'Payments aren’t fully set up here',
  },
  errorDescriptions: {
    'auth-email-already-exists': 'Use a different email address, then try again.',
    'auth-username-already-exists': 'Choose a different username, then try again.',
    'invalid-ssn': 'Check the number, then try again.',
    'invalid-username': 'Use only letters, numbers and hyphens, and no offensive or reserved words.',
    'invalid-phone-number': 'Check the phone number, then try again.',
    'invalid-email': 'Check the email address, then try again.',
    'invalid-phone-number-voip': 'Use a mobile phone number instead.',
    'invalid-phone-number-landline': 'Use a mobile phone number instead.',
    'invalid-invoice-requested-information': 'This isn’t something you can fix. Contact the business that sent the invoice.',
    'invalid-invoice-breakdown': 'This isn’t something you can fix. Contact the business that sent the invoice.',
    'invalid-invoice-item': 'This isn’t something you can fix. Contact the business that sent the invoice.',
    'invalid-invoice-item-total': 'This isn’t something you can fix. Contact the business that sent the invoice.',
    'invalid-transaction': 'Check the amount and the details, then try again.',
    'user-info-missing': 'Complete or correct your details, then try again.',
    'user-info-missing-cash-app': 'Add your Cash App account, then try again.',
    'user-info-missing-contact': 'Add a phone number or an email address, then try again.',
    'user-info-missing-card': 'Add a card, then try again.',
    'app-info-missing': 'This isn’t something you can fix. Contact the business.',
  },
};
