import { AddressFormModal } from '@/features/addresses/components/address-form-modal';
import ReceivedPackagesPage, { type ShipmentWizardProps } from '@/features/packages/pages/received-packages-page';
import { CreateShipmentWizard, type NewAddressFormProps } from '@/features/shipments/components/create-shipment-wizard';

/** The Addresses page's form, adding a new address (the wizard's step 2 opens it). */
function NewAddressForm(props: NewAddressFormProps) {
  return <AddressFormModal address={null} {...props} />;
}

/** The shipments feature's wizard, with the addresses feature's form plugged in. */
function ShipmentWizard(props: ShipmentWizardProps) {
  return <CreateShipmentWizard {...props} addressForm={NewAddressForm} />;
}

/**
 * /received-packages: the packages list, whose selection opens the shipments feature's wizard. The
 * route joins the features (they never import each other's internals): packages gets the wizard,
 * the wizard gets the addresses feature's form, so "Add address" keeps the selection and the step.
 */
export default function ReceivedPackagesRoute() {
  return <ReceivedPackagesPage shipmentWizard={ShipmentWizard} />;
}
