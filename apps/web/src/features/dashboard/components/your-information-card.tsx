import type { SessionUser } from '@hopbox/contracts/auth';
import type { ReactNode } from 'react';
import { TitledCard } from '@/components/card';
import { capitalize, orNA } from '@/lib/format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 first:pt-0 last:pb-0">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="text-sm break-words text-fg">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0 px-5 py-5 sm:px-6">
      <h3 className="mb-3 text-xs font-semibold tracking-wider text-muted uppercase">{title}</h3>
      {children}
    </div>
  );
}

/** 'Your Information': personal details, the addresses to ship to, and the account numbers. */
export function YourInformationCard({ user, lockerAddresses }: { user: SessionUser; lockerAddresses: ReactNode }) {
  return (
    <TitledCard title="Your Information" description="Use these details when you shop: add your locker number to every address.">
      <div className="grid divide-y divide-line xl:grid-cols-[1fr_1.5fr_1fr] xl:divide-x xl:divide-y-0">
        <Section title="Personal Information">
          <dl className="divide-y divide-line">
            <Row label="Full Name">{orNA(user.fullName)}</Row>
            <Row label="Email">{orNA(user.email)}</Row>
            <Row label="Phone">{orNA(user.phone)}</Row>
            <Row label="Gender">{capitalize(user.gender)}</Row>
          </dl>
        </Section>
        <Section title="Address">
          <dl>
            <Row label="Country">{orNA(user.country)}</Row>
          </dl>
          <p className="mt-4 mb-2 text-xs font-medium text-muted">Your locker addresses</p>
          {lockerAddresses}
        </Section>
        <Section title="Account Information">
          <dl className="divide-y divide-line">
            <Row label="Locker Number">
              <span className="text-base font-semibold tracking-wide tabular-nums">{orNA(user.lockerNumber)}</span>
            </Row>
            <Row label="User ID">{orNA(user.id)}</Row>
          </dl>
        </Section>
      </div>
    </TitledCard>
  );
}
