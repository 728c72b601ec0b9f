import { lazy, Suspense } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';
import ReceivedPackagesPage, { type ShipmentWizardProps } from '@/features/packages/pages/received-packages-page';
import type { NewAddressFormProps } from '@/features/shipments/components/create-shipment-wizard';

// Loaded when the customer first adds an address from the wizard, not with the packages list.
const AddressFormModal = lazy(async () => ({
  default: (await import('@/features/addresses/components/address-form-modal')).AddressFormModal,
}));

/** The Addresses page's form, adding a new address (the wizard's step 2 opens it). */
function NewAddressForm(props: NewAddressFormProps) {
  return (
    <Suspense fallback={null}>
      <AddressFormModal address={null} {...props} />
    </Suspense>
  );
}

/** The shipments feature's wizard, with the addresses feature's form plugged in; its code loads when it first opens. */
const ShipmentWizard = lazyDialog<ShipmentWizardProps>(async () => {
  const { CreateShipmentWizard } = await import('@/features/shipments/components/create-shipment-wizard');
  return function WizardWithAddressForm(props: ShipmentWizardProps) {
    return <CreateShipmentWizard {...props} addressForm={NewAddressForm} />;
  };
});

/** Package Details' services: the package requests feature's section, loaded with the details it sits in. */
const PackageServices = lazy(async () => ({
  default: (await import('@/features/package-requests/components/package-requests-section')).PackageRequestsSection,
}));

/**
 * /received-packages: the packages list, whose selection opens the shipments feature's wizard. The
 * route joins the features (they never import each other's internals): packages gets the wizard and
 * Package Details its services (package requests), the wizard gets the addresses feature's form, so
 * "Add address" keeps the selection and the step.
 */
export default function ReceivedPackagesRoute() {
  return <ReceivedPackagesPage shipmentWizard={ShipmentWizard} services={PackageServices} />;
}
