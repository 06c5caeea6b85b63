import { DEMAND_MESSAGES } from '@couchdb/model/demand-facts';
import { EditGate } from '@client/components/form/edit-gate';
import { useEditParams } from '@client/components/form/use-edit-params';
import { useDemand } from '@client/data/hooks';
import { useAuth } from '@client/lib/session/auth-context';
import { DemandForm } from './components/demand-form';

const NOT_FOUND = {
  title: DEMAND_MESSAGES.notFound,
  backTo: '/my-demands',
  backLabel: '返回我的需求',
};

/**
 * 发布需求 (product §2 "Publish demand", §5): one form, saved on the device first (works offline) and
 * synced; `?edit={id}` edits one of the user's demands (the spec's my-demands link, made to work);
 * `&refused={id}` reopens a change the server refused with what was sent, to fix and send again
 * (as a new demand when the old one is gone from the server).
 */
export default function PublishDemandScreen() {
  const { user } = useAuth();
  const { editId } = useEditParams();
  const { data: demand } = useDemand(editId);
  return (
    <EditGate collection="demands" doc={demand} editable={() => true} notFound={NOT_FOUND}>
      {({ doc, refused }) => <DemandForm user={user} demand={doc} refused={refused} />}
    </EditGate>
  );
}
