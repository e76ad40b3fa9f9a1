import { useParams } from 'react-router-dom';
import { EmptyPage } from '../../components/EmptyPage';

/** /blog/write (new story) and /blog/edit/:id (signed-in). */
export default function StoryEditorPage() {
  const { id } = useParams();
  return <EmptyPage title={id ? 'Edit Story' : 'Write Your Story'} />;
}
