import ReceivedPackagesPage from '@/features/packages/pages/received-packages-page';
import { CreateShipmentWizard } from '@/features/shipments/components/create-shipment-wizard';

/** /received-packages: the packages list, whose selection opens the shipments feature's wizard. */
export default function ReceivedPackagesRoute() {
  return <ReceivedPackagesPage shipmentWizard={CreateShipmentWizard} />;
}
