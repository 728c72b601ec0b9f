import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TitledCard } from '@/components/card';

interface Step {
  title: string;
  text: ReactNode;
}

const linkClass = 'font-medium text-accent-fg underline-offset-2 hover:underline';

function steps(lockerNumber: string | null): Step[] {
  return [
    {
      title: 'Shop with your locker address',
      text: (
        <>
          At checkout, use one of the addresses on this card as the delivery address, with your locker number
          {lockerNumber ? <strong className="font-semibold text-fg"> {lockerNumber}</strong> : null} on the address line.
        </>
      ),
    },
    {
      title: 'We receive and photograph it',
      text: (
        <>
          Each parcel shows in{' '}
          <Link to="/received-packages" className={linkClass}>
            Received Packages
          </Link>{' '}
          when it reaches your locker. Its details show the photos we took on arrival, and you can ask for more.
        </>
      ),
    },
    {
      title: 'Combine and pay',
      text: 'Pick the packages to send together. We pack them in one box, price it from the packed box, and you pay in Shipments Progress.',
    },
    {
      title: 'Track it home',
      text: (
        <>
          Once paid, it is on its way: follow it with its AWB tracking number in{' '}
          <Link to="/sent-shipment" className={linkClass}>
            Sent Shipments
          </Link>
          .
        </>
      ),
    },
  ];
}

/**
 * For a customer whose locker has never received a package (decision 031): the four steps of the
 * service, and the addresses to shop with. It goes away by itself when the first package arrives.
 */
export function HowItWorksPanel({ lockerNumber, lockerAddresses }: { lockerNumber: string | null; lockerAddresses: ReactNode }) {
  return (
    <TitledCard title="How it works" description="Your locker is ready. Here is how a parcel gets from the shop to your door.">
      <div className="grid gap-6 px-5 py-5 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:gap-8">
        <ol className="space-y-4">
          {steps(lockerNumber).map((step, index) => (
            <li key={step.title} className="flex gap-3">
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent-soft text-sm font-semibold text-accent-fg tabular-nums"
              >
                {index + 1}
              </span>
              <div className="min-w-0 pt-0.5">
                <h3 className="text-sm font-semibold text-fg">{step.title}</h3>
                <p className="mt-0.5 text-sm text-muted">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="min-w-0">
          <p className="mb-2 text-xs font-medium text-muted">Your locker addresses</p>
          {lockerAddresses}
        </div>
      </div>
    </TitledCard>
  );
}
