import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import 'payments-kit/styles.css';
import 'payments-kit/transfers.css';
import './globals.css';

export const metadata: Metadata = { title: 'payments-kit on Next.js' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" data-pk-theme="light">
      <body>{children}</body>
    </html>
  );
}
